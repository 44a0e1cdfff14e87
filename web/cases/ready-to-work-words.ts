import { useMemo } from 'react';
import { wordsOf } from '../../contracts/words.js';
import { useApplicantWords, type ApplicantLanguage } from './applicant-words.js';

/*
 * The words of the time left at a step and the ready-to-work date (issue 41), in each applicant
 * language. Kept apart from the catalogues (web/cases/locales): only the tracker's result and the
 * case and journey pages use them, which load after the first page, while the tracker's first page
 * downloads its English catalogue (issue 42's budget: the tracker's first page must not grow).
 */

const en = {
  basedOn: '(based on {{cases}} cases)',
  journeyReadyBy: 'Ready to work by about {{p50}} (by {{p80}} in eight cases out of ten)',
  remaining:
    'Cases that have waited as long as yours usually need {{low}}–{{high}} more days here (based on {{cases}} cases).',
  readyTitle: 'Ready to work',
  readyBy: 'Likely ready to work by {{p50}}, and by {{p80}} in eight cases out of ten.',
  readyBasis:
    'Steps left: {{steps}}. Estimated from real cases: {{measured}} (at least {{cases}} cases each); the rest from our usual times.',
  readyBasisAll: 'Steps left: {{steps}}, each estimated from how long at least {{cases}} cases took there.',
  readyBasisExpected: 'Steps left: {{steps}}, estimated from our usual times (too few cases yet to measure them).',
  readyNote: 'An estimate, not a promise: it changes as your case moves.',
};

const readyWords: Record<ApplicantLanguage, { [Key in keyof typeof en]: string }> = {
  en,
  ar: {
    basedOn: '(بناءً على {{cases}} ملفًا)',
    journeyReadyBy: 'جاهز للعمل في حوالي {{p50}} (وبحلول {{p80}} في ثماني حالات من كل عشر)',
    remaining:
      'تحتاج الملفات التي انتظرت مثل ملفك عادةً من {{low}} إلى {{high}} يومًا إضافيًا في هذه الخطوة (بناءً على {{cases}} ملفًا).',
    readyTitle: 'الجاهزية للعمل',
    readyBy: 'من المرجّح أن تكون جاهزًا للعمل بحلول {{p50}}، وبحلول {{p80}} في ثماني حالات من كل عشر.',
    readyBasis:
      'الخطوات المتبقية: {{steps}}. المقدَّرة من ملفات حقيقية: {{measured}} (من {{cases}} ملفًا على الأقل لكل منها)؛ والباقي من مددنا المعتادة.',
    readyBasisAll: 'الخطوات المتبقية: {{steps}}، كلٌّ منها مقدَّر من المدة التي استغرقها {{cases}} ملفًا على الأقل.',
    readyBasisExpected: 'الخطوات المتبقية: {{steps}}، مقدَّرة من مددنا المعتادة (لا توجد ملفات كافية بعد لقياسها).',
    readyNote: 'هذا تقدير وليس وعدًا: يتغير مع تقدم ملفك.',
  },
  hi: {
    basedOn: '({{cases}} केसों के आधार पर)',
    journeyReadyBy: 'लगभग {{p50}} तक काम के लिए तैयार (दस में से आठ मामलों में {{p80}} तक)',
    remaining: 'आपके केस जितना इंतज़ार कर चुके केसों को यहाँ आम तौर पर {{low}}–{{high}} दिन और लगते हैं ({{cases}} केसों के आधार पर)।',
    readyTitle: 'काम के लिए तैयार',
    readyBy: 'संभवतः {{p50}} तक काम के लिए तैयार, और दस में से आठ मामलों में {{p80}} तक।',
    readyBasis:
      'बाक़ी चरण: {{steps}}। असली केसों से अनुमानित: {{measured}} (हर एक के लिए कम से कम {{cases}} केस); बाक़ी हमारे सामान्य समय से।',
    readyBasisAll: 'बाक़ी चरण: {{steps}}, हर एक का अनुमान कम से कम {{cases}} केसों में लगे समय से।',
    readyBasisExpected: 'बाक़ी चरण: {{steps}}, हमारे सामान्य समय से अनुमानित (इन्हें मापने के लिए अभी पर्याप्त केस नहीं हैं)।',
    readyNote: 'यह अनुमान है, वादा नहीं: आपके केस के आगे बढ़ने के साथ यह बदलता है।',
  },
};

/** The words in the applicant's language, with `{{name}}` filled in as the catalogues' are. */
export function useReadyWords() {
  const { language } = useApplicantWords();
  return useMemo(() => wordsOf(readyWords[language]), [language]);
}

export type ReadyWords = ReturnType<typeof useReadyWords>;
export { readyWords };
