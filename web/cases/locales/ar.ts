import type { Catalogue } from './en.js';

const ar: Catalogue = {
  shell: {
    area: 'متابعة الطلب',
    nav: 'مقدم الطلب',
    checkStatus: 'تحقق من الحالة',
    footer: 'رقم ملفك موجود في التأكيد الذي استلمته عند فتح طلبك.',
    staff: 'دخول الموظفين',
    language: 'اللغة',
  },
  connection: {
    unreachable: 'لا يمكننا الوصول إلى الخدمة. سنواصل المحاولة ونعيد تحميل ما تراه عند عودتها.',
    tryAgain: 'حاول مرة أخرى الآن',
  },
  tracker: {
    title: 'تتبع طلبك',
    intro: 'أدخل رقم الملف الذي أُعطي لك ورقم جواز سفرك لترى تقدم طلبك.',
    caseNumber: 'رقم الملف',
    passportNumber: 'رقم جواز السفر',
    check: 'تحقق من الحالة',
    searching: 'جارٍ البحث...',
    bothFields: 'يرجى ملء الحقلين',
    notFound: 'لم يتم العثور على الملف. يرجى التحقق من بياناتك.',
    caseNumberTooLong: 'يجب ألا يزيد رقم الملف عن {{max}} حرفًا.',
    passportNumberTooLong: 'يجب ألا يزيد رقم جواز السفر عن {{max}} حرفًا.',
    formNotRead: 'تعذّرت قراءة النموذج. يرجى إدخال الرقمين مرة أخرى والتحقق من الحالة.',
  },
  titles: {
    caseView: 'ملفك',
    journey: 'رحلتي',
    licenceVerify: 'التحقق من الترخيص',
    subscription: 'رسائل التحديثات',
  },
  errors: {
    unreachable: 'لا يمكننا الوصول إلى الخدمة الآن. يرجى المحاولة بعد قليل.',
    serverFault: 'حدث خطأ من جهتنا. يرجى المحاولة بعد قليل.',
    tooMany: 'محاولات كثيرة جدًا. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.',
  },
};

export default ar;
