import type { EmailCatalogue } from './en.js';

const ar: EmailCatalogue = {
  layout: {
    openLink: 'أو افتح',
    stopEmails: 'إيقاف هذه الرسائل',
    reasonCase: 'تصلك هذه الرسالة لأن عنوانك مسجّل في ملف Pathway رقم {{caseNumber}}.',
  },
  contact: {
    heading: 'هل لديك أسئلة حول ملفك؟',
    owner: 'يتابع ملفك {{name}}.',
    phone: 'الهاتف: {{phone}}',
    whatsapp: 'واتساب: {{whatsapp}}',
    email: 'البريد الإلكتروني: {{email}}',
  },
  accessLink: {
    subject: 'تسجيل الدخول إلى الملف {{caseNumber}}',
    preview: 'رابطك لعرض الملف {{caseNumber}} وإرسال مستنداته.',
    heading: 'تسجيل الدخول إلى ملفك',
    intro: 'افتح هذا الرابط لعرض الملف {{caseNumber}} وإرسال مستنداته.',
    action: 'افتح ملفي',
    outro: 'يعمل الرابط مرة واحدة خلال {{minutes}} دقيقة. إذا لم تطلبه، فتجاهل هذه الرسالة.',
    reason: 'تصلك هذه الرسالة لأن أحدهم طلب رابط دخول إلى ملف Pathway رقم {{caseNumber}} المسجّل بعنوانك.',
  },
  rejected: {
    subject: 'يرجى إرسال {{name}} مرة أخرى (الملف {{caseNumber}})',
    preview: 'لم نتمكن من قبول {{name}}: {{reason}}',
    heading: 'يرجى إرسال {{name}} مرة أخرى',
    intro: 'لم نتمكن من قبول {{name}} الذي أرسلته في {{date}} للملف {{caseNumber}}.',
    why: 'السبب: {{reason}}',
    action: 'أرسل مستندًا جديدًا',
  },
  allAccepted: {
    subject: 'تم قبول جميع المستندات (الملف {{caseNumber}})',
    preview: 'تم قبول جميع المستندات المطلوبة للملف {{caseNumber}}.',
    heading: 'تم قبول جميع مستنداتك',
    intro: 'تم قبول جميع المستندات المطلوبة للملف {{caseNumber}}. لا نحتاج منك إلى شيء آخر حاليًا.',
    action: 'اعرض ملفك',
  },
  confirmSubscription: {
    subject: 'تأكيد رسائل التحديثات للملف {{caseNumber}}',
    preview: 'أكّد أنك تريد رسالة عند كل تغيير في الملف {{caseNumber}}.',
    heading: 'تأكيد رسائل التحديثات',
    intro: 'طلب أحدهم (نأمل أن تكون أنت) رسالة عند كل تغيير في الملف {{caseNumber}}.',
    action: 'تأكيد رسائل التحديثات',
    outro: 'يعمل الرابط لمدة {{hours}} ساعة. إذا لم تكن أنت، فتجاهل هذه الرسالة: لن نرسل إليك شيئًا آخر.',
    reason: 'تصلك هذه الرسالة لأن هذا العنوان أُدخل في صفحة متابعة Pathway للملف {{caseNumber}}.',
  },
  caseCreated: {
    subject: 'تم فتح ملفك {{caseNumber}}',
    preview: 'رقم ملفك هو {{caseNumber}}. احتفظ به لمتابعة طلبك.',
    heading: 'تم فتح ملفك',
    intro:
      'رقم ملفك هو {{caseNumber}}. فُتح في {{date}}. احتفظ بهذه الرسالة: تحتاج إلى الرقم مع رقم جواز سفرك لمعرفة تقدم طلبك.',
    next: 'سنراسلك أيضًا عندما ينتقل ملفك إلى خطوة جديدة.',
    action: 'تتبع طلبك',
  },
  trackerLink: {
    subject: 'رابط متابعة ملفك {{caseNumber}}',
    preview: 'رقم ملفك هو {{caseNumber}}. تابع طلبك به.',
    heading: 'تابع ملفك',
    intro: 'نرسل إليك مرة أخرى رابط ملفك {{caseNumber}}. تحتاج إلى رقم الملف مع رقم جواز سفرك لمعرفة تقدم طلبك.',
    action: 'تتبع طلبك',
  },
  accountLinked: {
    subject: 'رُبط ملفك {{caseNumber}} بحساب آخر في Pathway',
    preview: 'رُبط ملفك بـ{{account}}.',
    heading: 'رُبط ملفك بحساب آخر',
    intro:
      'في {{date}}، رُبط ملفك {{caseNumber}} بـ{{account}}، لتظهر رحلتك في مكان واحد. طُلب ذلك من ذلك الحساب، بعد أن أثبت أنه يستطيع تسجيل الدخول إلى هذا الملف أو أنه يملك عنوان البريد الإلكتروني لهذا الملف.',
    outro: 'إن كنت أنت من فعل ذلك فلا حاجة لأي إجراء. وإن لم تكن أنت، فافتح ملفك وأزل الربط.',
    action: 'اعرض حساباتي المرتبطة',
    network: 'حساب الشبكة «{{label}}»',
    lms: 'حساب التعلّم «{{label}}»',
    cases: 'الملف {{label}}',
  },
  caseMoved: {
    subject: 'انتقل ملفك {{caseNumber}} إلى {{steps}}',
    heading: 'انتقل ملفك إلى خطوة جديدة',
    intro: 'انتقل ملفك {{caseNumber}} إلى خطوة جديدة.',
    item: '{{service}}: الآن في «{{step}}»',
    action: 'اعرض التقدم كاملًا',
    outro: 'ستحتاج إلى رقم جواز سفرك لعرضه.',
  },
  followedUp: {
    subject: 'ملفك {{caseNumber}}: نتابع خطوة «{{step}}»',
    heading: 'نتابع ملفك',
    intro:
      'تستغرق خطوة «{{step}}» من {{service}} في ملفك {{caseNumber}} وقتًا أطول من المعتاد. نحن نتابعها وسنخبرك عندما تتقدم.',
    action: 'اعرض ملفك',
  },
  caseCompleted: {
    subject: 'اكتمل ملفك {{caseNumber}}',
    heading: 'اكتمل ملفك',
    intro: 'وصلت جميع خدمات ملفك {{caseNumber}} إلى خطوتها الأخيرة: اكتمل ملفك.',
    next: 'الخطوة التالية: سيتواصل معك الشخص المسؤول عن ملفك بشأن سفرك ويوم عملك الأول. احتفظ برقم ملفك.',
  },
};

export default ar;
