import { sql } from 'drizzle-orm';
import type { Translations } from '../../contracts/case-languages.js';
import type { Database } from '../../server/db/client.js';
import { refreshStepFacts } from '../../server/cases/case-status.js';
import { recomputeStepEstimates } from '../../server/cases/step-estimates.js';

/*
 * A recruitment agency's data as messy as a real one's (issue 38): five services of four or five
 * steps with long names, descriptions and required documents, all translated into Arabic and Hindi
 * but for a few gaps (as staff leave them); 60 applicants with Arabic, Hindi and long Latin names,
 * passports typed with spaces and dashes, some without an email; 50 of them imported from a CSV,
 * 10 created one by one, each with two or three services at different steps.
 *
 * Made through the API, so the same seed serves the API tests (Fastify's inject), the browser tests
 * and the screen sweep (Playwright's request context): `AgencyApi` is the one thing they differ in.
 * `backdateAgency` then spreads the cases over the last four months directly in the database (an
 * API cannot make time pass), so days at a step, overdue cases and the estimates are as a real
 * desk's.
 */

/** One call to the API as the case admin; the answer's status and JSON body. */
export type AgencyApi = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  contentType?: string,
) => Promise<{ status: number; body: unknown }>;

type Words = { ar?: string; hi?: string };
const translations = (name: Words, description?: Words): Translations => ({
  ...(name.ar || description?.ar ? { ar: { name: name.ar, description: description?.ar } } : {}),
  ...(name.hi || description?.hi ? { hi: { name: name.hi, description: description?.hi } } : {}),
});

type StepSpec = { name: string; names: Words; description?: string; descriptions?: Words; expectedDays: number | null };
type DocumentSpec = { name: string; names: Words; description?: string; descriptions?: Words; required: boolean };
export type ServiceSpec = { name: string; names: Words; steps: StepSpec[]; documents: DocumentSpec[] };

/** The agency's services, in the order the seed creates them. */
export const agencyServices: ServiceSpec[] = [
  {
    name: 'Work Visa',
    names: { ar: 'تأشيرة العمل', hi: 'वर्क वीज़ा' },
    steps: [
      {
        name: 'Employer Visa Request Submitted to the Immigration Authority',
        names: {
          ar: 'تقديم طلب التأشيرة من صاحب العمل إلى إدارة الهجرة',
          hi: 'नियोक्ता द्वारा आव्रजन विभाग को वीज़ा अनुरोध जमा',
        },
        description:
          'Your employer has asked the immigration authority for your work visa. Nothing is needed from you.',
        descriptions: {
          ar: 'طلب صاحب العمل تأشيرة العمل الخاصة بك من إدارة الهجرة. لا نحتاج منك إلى شيء.',
          hi: 'आपके नियोक्ता ने आव्रजन विभाग से आपका वर्क वीज़ा माँगा है। आपसे कुछ नहीं चाहिए।',
        },
        expectedDays: 10,
      },
      {
        name: 'Medical Fitness Examination',
        names: { ar: 'فحص اللياقة الطبية', hi: 'मेडिकल फ़िटनेस जाँच' },
        description: 'Go to an approved medical centre with your passport. The results go straight to the authority.',
        descriptions: {
          ar: 'توجّه إلى مركز طبي معتمد ومعك جواز سفرك. تُرسل النتائج مباشرة إلى الجهة المختصة.',
          hi: 'अपने पासपोर्ट के साथ किसी मान्यता प्राप्त मेडिकल सेंटर जाएँ। नतीजे सीधे विभाग को जाते हैं।',
        },
        expectedDays: 7,
      },
      {
        name: 'Biometrics and Fingerprinting Appointment',
        names: { ar: 'موعد البصمات والبيانات الحيوية', hi: 'बायोमेट्रिक्स और फ़िंगरप्रिंट अपॉइंटमेंट' },
        expectedDays: 5,
      },
      {
        name: 'Visa Stamping at the Embassy',
        names: { ar: 'ختم التأشيرة في السفارة', hi: 'दूतावास में वीज़ा स्टैम्पिंग' },
        description: 'The embassy stamps the visa in your passport. We tell you when to collect it.',
        descriptions: { ar: 'تختم السفارة التأشيرة في جواز سفرك. سنخبرك متى تستلمه.' },
        expectedDays: 14,
      },
      { name: 'Visa Issued', names: { ar: 'صدرت التأشيرة', hi: 'वीज़ा जारी' }, expectedDays: null },
    ],
    documents: [
      {
        name: 'Passport copy (every page with a stamp)',
        names: { ar: 'نسخة جواز السفر (كل صفحة عليها ختم)', hi: 'पासपोर्ट की प्रति (मुहर वाले सभी पन्ने)' },
        description: 'A clear photo or scan of the photo page and every page with a visa or stamp.',
        descriptions: {
          ar: 'صورة أو مسح واضح لصفحة الصورة وكل صفحة عليها تأشيرة أو ختم.',
          hi: 'फ़ोटो वाले पन्ने और वीज़ा या मुहर वाले हर पन्ने की साफ़ फ़ोटो या स्कैन।',
        },
        required: true,
      },
      {
        name: 'Passport-size photo, white background',
        names: { ar: 'صورة شخصية بحجم جواز السفر بخلفية بيضاء', hi: 'पासपोर्ट साइज़ फ़ोटो, सफ़ेद बैकग्राउंड' },
        required: true,
      },
      {
        name: 'Copies of previous visas',
        names: { ar: 'نسخ التأشيرات السابقة', hi: 'पिछले वीज़ा की प्रतियाँ' },
        required: false,
      },
    ],
  },
  {
    name: 'Health Authority Professional License (DHA / DOH / MOH)',
    names: { ar: 'ترخيص مزاولة المهنة من هيئة الصحة', hi: 'स्वास्थ्य प्राधिकरण पेशेवर लाइसेंस' },
    steps: [
      {
        name: 'Eligibility Assessment',
        names: { ar: 'تقييم الأهلية', hi: 'पात्रता मूल्यांकन' },
        expectedDays: 5,
      },
      {
        name: 'Primary Source Verification (DataFlow)',
        names: { ar: 'التحقق من المصدر الأساسي (داتافلو)', hi: 'प्राथमिक स्रोत सत्यापन (डेटाफ़्लो)' },
        description:
          'DataFlow checks your degree and experience with the places that issued them. It often takes weeks.',
        descriptions: {
          ar: 'تتحقق داتافلو من شهادتك وخبرتك لدى الجهات التي أصدرتها. يستغرق ذلك غالبًا عدة أسابيع.',
          hi: 'डेटाफ़्लो आपकी डिग्री और अनुभव की जाँच जारी करने वाली संस्थाओं से करता है। इसमें अक्सर कई हफ़्ते लगते हैं।',
        },
        expectedDays: 30,
      },
      {
        name: 'Prometric Exam Booking and Result',
        names: { ar: 'حجز اختبار بروميترك ونتيجته', hi: 'प्रोमेट्रिक परीक्षा बुकिंग और परिणाम' },
        expectedDays: 21,
      },
      {
        name: 'Professional License Issued',
        names: { ar: 'صدر الترخيص المهني', hi: 'पेशेवर लाइसेंस जारी' },
        expectedDays: null,
      },
    ],
    documents: [
      {
        name: 'Nursing or medical degree certificate',
        names: { ar: 'شهادة التمريض أو الطب', hi: 'नर्सिंग या मेडिकल डिग्री प्रमाणपत्र' },
        required: true,
      },
      {
        name: 'Experience letters for the last two years',
        names: { ar: 'شهادات الخبرة لآخر سنتين', hi: 'पिछले दो वर्षों के अनुभव पत्र' },
        required: true,
      },
      {
        name: 'Good Standing Certificate from your current council',
        names: { ar: 'شهادة حسن السيرة المهنية من هيئتك الحالية' },
        required: true,
      },
      {
        name: 'Continuing education (CPD) certificates',
        names: { ar: 'شهادات التعليم المستمر', hi: 'सतत शिक्षा (सीपीडी) प्रमाणपत्र' },
        required: false,
      },
    ],
  },
  {
    name: 'Document Attestation (Home Ministry, Embassy and MOFA)',
    names: {
      ar: 'تصديق المستندات (الداخلية والسفارة والخارجية)',
      hi: 'दस्तावेज़ सत्यापन (गृह मंत्रालय, दूतावास और विदेश मंत्रालय)',
    },
    steps: [
      {
        name: 'Documents Received at Our Office',
        names: { ar: 'استلمنا المستندات في مكتبنا', hi: 'दस्तावेज़ हमारे कार्यालय में प्राप्त' },
        expectedDays: 3,
      },
      {
        name: 'Notary and Home Ministry Attestation',
        names: { ar: 'التوثيق لدى الكاتب العدل ووزارة الداخلية', hi: 'नोटरी और गृह मंत्रालय सत्यापन' },
        expectedDays: 10,
      },
      { name: 'Embassy Attestation', names: { ar: 'تصديق السفارة', hi: 'दूतावास सत्यापन' }, expectedDays: 7 },
      { name: 'Ministry of Foreign Affairs Attestation', names: { ar: 'تصديق وزارة الخارجية' }, expectedDays: 5 },
      {
        name: 'Attested Originals Returned by Courier',
        names: { ar: 'أُعيدت الأصول المصدّقة بالبريد السريع', hi: 'सत्यापित मूल दस्तावेज़ कूरियर से लौटाए गए' },
        expectedDays: null,
      },
    ],
    documents: [
      {
        name: 'Scan of the original degree certificate, front and back',
        names: { ar: 'مسح ضوئي لأصل الشهادة من الوجهين', hi: 'मूल डिग्री प्रमाणपत्र का दोनों तरफ़ का स्कैन' },
        required: true,
      },
      {
        name: 'Courier receipt for the originals',
        names: { ar: 'إيصال البريد السريع للأصول', hi: 'मूल दस्तावेज़ों की कूरियर रसीद' },
        required: false,
      },
    ],
  },
  {
    name: 'Recruitment and Job Offer',
    names: { ar: 'التوظيف وعرض العمل', hi: 'भर्ती और नौकरी का प्रस्ताव' },
    steps: [
      {
        name: 'CV Shortlisted by the Hospital',
        names: { ar: 'اختار المستشفى سيرتك الذاتية', hi: 'अस्पताल ने सीवी शॉर्टलिस्ट किया' },
        expectedDays: 7,
      },
      {
        name: 'Interview with the Nursing Director',
        names: { ar: 'مقابلة مع مديرة التمريض', hi: 'नर्सिंग निदेशक के साथ इंटरव्यू' },
        expectedDays: 10,
      },
      {
        name: 'Offer Letter Signed',
        names: { ar: 'تم توقيع خطاب العرض', hi: 'प्रस्ताव पत्र पर हस्ताक्षर' },
        expectedDays: 7,
      },
      {
        name: 'Employment Contract Registered with the Ministry of Labour',
        names: { ar: 'تسجيل عقد العمل لدى وزارة العمل' },
        expectedDays: null,
      },
    ],
    documents: [
      { name: 'Signed offer letter', names: { ar: 'خطاب العرض موقّعًا', hi: 'हस्ताक्षरित प्रस्ताव पत्र' }, required: true },
      { name: 'Updated CV', names: { ar: 'سيرة ذاتية محدّثة', hi: 'अपडेटेड सीवी' }, required: false },
    ],
  },
  {
    name: 'Travel and Onboarding',
    names: { ar: 'السفر والالتحاق بالعمل', hi: 'यात्रा और जॉइनिंग' },
    steps: [
      { name: 'Flight Booked', names: { ar: 'تم حجز الرحلة', hi: 'फ़्लाइट बुक' }, expectedDays: 5 },
      {
        name: 'Pre-departure Orientation Session',
        names: { ar: 'جلسة التوجيه قبل السفر', hi: 'यात्रा से पहले ओरिएंटेशन सत्र' },
        expectedDays: 4,
      },
      {
        name: 'Arrival and Airport Pickup',
        names: { ar: 'الوصول والاستقبال في المطار', hi: 'आगमन और एयरपोर्ट पिकअप' },
        expectedDays: 3,
      },
      { name: 'Joined the Hospital', names: { ar: 'التحقت بالمستشفى', hi: 'अस्पताल जॉइन किया' }, expectedDays: null },
    ],
    documents: [
      {
        name: 'Emergency contact form',
        names: { ar: 'نموذج جهة الاتصال في حالات الطوارئ', hi: 'आपातकालीन संपर्क फ़ॉर्म' },
        required: true,
      },
    ],
  },
];

const FIRST_NAMES = [
  'Amina',
  'فاطمة الزهراء',
  'प्रिया',
  'Maria Cristina',
  'Nguyễn Thị',
  'Oluwaseun',
  'محمد',
  'राजेश कुमार',
  'Siobhán',
  'Ramanathan Venkatasubramanian',
  'Zoë',
  'José María',
  'Aisha',
  'عبد الرحمن',
  'अनन्या',
  'Grace',
  'Joy Anne',
  'Mariam',
  'Sunita',
  'Ngozi',
];
const LAST_NAMES = [
  'Al-Harbi',
  'عبد الله',
  'शर्मा',
  'dela Cruz-Santos',
  'Minh Khai',
  'Adebayo-Okonkwo',
  'الحربي',
  'वर्मा',
  'Ní Bhriain',
  'Iyer',
  'Brandt',
  'García Fernández',
  'Rahman',
  'القحطاني',
  'पिल्लई',
  'Mensah',
  'Villanueva',
  'Yousef',
  'Thapa',
  'Eze',
];

export type AgencyApplicant = {
  name: string;
  passport: string;
  email: string | null;
  language: 'en' | 'ar' | 'hi';
  /** Indexes into agencyServices, two or three of them. */
  services: number[];
  /** For each of those services, how many steps it has moved on. */
  stepsDone: number[];
};

/** A reproducible sequence (the same agency every run). */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/**
 * `count` applicants, the same every run: names in three scripts, passports as staff type them,
 * four in five with an email, each language of their names mostly, two or three services each.
 */
export function agencyApplicants(count = 60, suffix = ''): AgencyApplicant[] {
  const next = sequence(38);
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 7 + 3) % LAST_NAMES.length]!;
    const language = /[\u0600-\u06ff]/.test(first + last) ? 'ar' : /[\u0900-\u097f]/.test(first + last) ? 'hi' : 'en';
    const digits = String(4_400_000 + i * 7_919).padStart(7, '0');
    // Passports as staff type them: plain, spaced or dashed.
    const passport =
      i % 3 === 0
        ? `P${digits}${suffix}`
        : i % 3 === 1
          ? `N ${digits.slice(0, 4)} ${digits.slice(4)}${suffix}`
          : `K-${digits}${suffix}`;
    const first3 = next(5);
    const services = [first3, (first3 + 1 + next(2)) % 5, ...(i % 3 === 0 ? [(first3 + 3) % 5] : [])];
    const unique = [...new Set(services)];
    return {
      name: `${first} ${last}`,
      passport,
      email: i % 5 === 4 ? null : `applicant${i + 1}${suffix.toLowerCase()}@example.test`,
      language,
      services: unique,
      stepsDone: unique.map((index) => next(agencyServices[index]!.steps.length)),
    };
  });
}

export type SeededService = {
  id: number;
  name: string;
  steps: { id: number; name: string }[];
  documents: { id: number; name: string; required: boolean }[];
};
export type SeededCase = AgencyApplicant & { id: number; caseNumber: string; serviceIds: number[] };
export type SeededAgency = { services: SeededService[]; cases: SeededCase[] };

async function call<T>(api: AgencyApi, method: Parameters<AgencyApi>[0], path: string, body?: unknown, type?: string) {
  const answer = await api(method, path, body, type);
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}

/** The words a step and a document both have: the name, the description if any, and their translations. */
const described = (item: Pick<StepSpec, 'name' | 'names' | 'description' | 'descriptions'>) => ({
  name: item.name,
  ...(item.description ? { description: item.description } : {}),
  translations: translations(item.names, item.descriptions),
});

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The agency through the API: its services with their steps and documents (made once; found by
 * name when they exist), then the applicants' cases: the first 50 imported from one CSV (as an
 * agency moving from spreadsheets does), the rest created one by one; then every case's services
 * moved to their steps by bulk moves, without emailing anyone. `suffix` keeps case numbers and
 * passports apart when several agencies share one database.
 */
export async function seedAgency(
  api: AgencyApi,
  { count = 60, suffix = '', owners = [] as string[] }: { count?: number; suffix?: string; owners?: string[] } = {},
): Promise<SeededAgency> {
  const existing = await call<{ id: number; name: string }[]>(api, 'GET', '/api/caseadmin/services');
  const services: SeededService[] = [];
  for (const spec of agencyServices) {
    const found = existing.find((service) => service.name === spec.name);
    const service =
      found ??
      (await call<{ id: number; name: string }>(api, 'POST', '/api/caseadmin/services', {
        name: spec.name,
        translations: translations(spec.names),
      }));
    // A service's steps and documents, each made from its spec the same way: the table of what
    // each kind adds to the words both have.
    const parts = {
      steps: spec.steps.map((step, index) => ({
        ...described(step),
        sequence: index + 1,
        ...(step.expectedDays !== null ? { expected_days: step.expectedDays } : {}),
      })),
      documents: spec.documents.map((document) => ({ ...described(document), required: document.required })),
    };
    if (!found)
      for (const [part, bodies] of Object.entries(parts))
        for (const body of bodies) await call(api, 'POST', `/api/caseadmin/services/${service.id}/${part}`, body);
    const [steps, documents] = await Promise.all([
      call<SeededService['steps']>(api, 'GET', `/api/caseadmin/services/${service.id}/steps`),
      call<SeededService['documents']>(api, 'GET', `/api/caseadmin/services/${service.id}/documents`),
    ]);
    services.push({ id: service.id, name: spec.name, steps, documents });
  }

  const applicants = agencyApplicants(count, suffix);
  const caseNumber = (index: number) => `PW-2026-${String(index + 101).padStart(4, '0')}${suffix}`;
  const imported = applicants.slice(0, 50);
  if (imported.length) {
    const header = 'Case Number,Passport Number,Client Name,Applicant Email,Services,Applicant Language,Owner';
    const rows = imported.map((applicant, index) =>
      [
        caseNumber(index),
        applicant.passport,
        applicant.name,
        applicant.email ?? '',
        applicant.services.map((service) => agencyServices[service]!.name).join(';'),
        applicant.language,
        owners.length ? owners[index % owners.length]! : '',
      ]
        .map(csvCell)
        .join(','),
    );
    await call(api, 'POST', '/api/caseadmin/cases/import', [header, ...rows].join('\n'), 'text/csv; charset=utf-8');
  }
  for (const [offset, applicant] of applicants.slice(50).entries())
    await call(api, 'POST', '/api/caseadmin/cases', {
      case_number: caseNumber(50 + offset),
      passport_number: applicant.passport,
      client_name: applicant.name,
      ...(applicant.email ? { client_email: applicant.email } : {}),
      serviceIds: applicant.services.map((service) => services[service]!.id),
      applicant_language: applicant.language,
    });

  const listed = await call<{ id: number; case_number: string }[]>(
    api,
    'GET',
    `/api/caseadmin/cases?${new URLSearchParams({ search: suffix ? suffix : 'PW-2026', pageSize: '100', sortBy: 'case_number', order: 'ASC' })}`,
  );
  const cases: SeededCase[] = applicants.map((applicant, index) => {
    const found = listed.find((item) => item.case_number === caseNumber(index));
    if (!found) throw new Error(`the seeded case ${caseNumber(index)} is not in the list`);
    return {
      ...applicant,
      id: found.id,
      caseNumber: caseNumber(index),
      serviceIds: applicant.services.map((service) => services[service]!.id),
    };
  });

  // Every service to its step: one bulk move per service and step, nobody emailed.
  for (const [serviceIndex, service] of services.entries())
    for (const [stepIndex, step] of service.steps.entries()) {
      if (stepIndex === 0) continue;
      const at = cases.filter((item) => {
        const position = item.services.indexOf(serviceIndex);
        return position >= 0 && item.stepsDone[position] === stepIndex;
      });
      if (at.length)
        await call(api, 'POST', '/api/caseadmin/cases/bulk-step', {
          caseIds: at.map((item) => item.id),
          serviceId: service.id,
          newStep: step.name,
          notify: false,
        });
    }
  return { services, cases };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spreads the seeded cases over the four months before `now`, as a desk's are: each case opened
 * 20 to 120 days ago, each of its services' moves spaced over the time since, the last one 0 to
 * 40 days ago (so some wait far longer than their step usually takes); then the stored facts the
 * list sorts by and the steps' estimates from these stays, as the app keeps them. Directly in the
 * database: no API moves time.
 */
export async function backdateAgency(db: Database, agency: SeededAgency, now: Date, minSamples = 20): Promise<void> {
  const next = sequence(11);
  for (const item of agency.cases) {
    const openedDaysAgo = 20 + next(100);
    const opened = new Date(now.getTime() - openedDaysAgo * DAY_MS - next(8) * 3_600_000);
    await db.execute(sql`UPDATE cases SET created_at = ${opened}, updated_at = ${opened} WHERE id = ${item.id}`);
    await db.execute(sql`UPDATE case_events SET changed_at = ${opened} WHERE case_id = ${item.id}`);
    const services = await db.execute<{ id: number }>(
      sql`SELECT id FROM case_services WHERE case_id = ${item.id} ORDER BY id`,
    );
    let lastTouched = opened;
    for (const service of services.rows) {
      const changes = await db.execute<{ id: number }>(
        sql`SELECT id FROM step_changes WHERE case_service_id = ${service.id} ORDER BY changed_at, id`,
      );
      // The service's current step began 0 to 40 days ago (never before the case opened).
      const atStepDaysAgo = Math.min(openedDaysAgo - 1, next(41));
      const stepStart = changes.rows.length ? new Date(now.getTime() - atStepDaysAgo * DAY_MS) : opened;
      const span = stepStart.getTime() - opened.getTime();
      let previous = opened;
      for (const [index, change] of changes.rows.entries()) {
        const when = new Date(opened.getTime() + (span * (index + 1)) / changes.rows.length);
        await db.execute(
          sql`UPDATE step_changes SET changed_at = ${when}, from_since = ${previous} WHERE id = ${change.id}`,
        );
        previous = when;
      }
      await db.execute(sql`UPDATE case_services SET last_updated = ${stepStart} WHERE id = ${service.id}`);
      if (stepStart > lastTouched) lastTouched = stepStart;
    }
    await db.execute(sql`UPDATE cases SET updated_at = ${lastTouched} WHERE id = ${item.id}`);
  }
  await recomputeStepEstimates(db, minSamples, now);
  const steps = await db.execute<{ id: number }>(sql`SELECT id FROM steps`);
  await refreshStepFacts(
    db,
    steps.rows.map((row) => row.id),
  );
}

/** The seed's calls through Fastify's inject, as the given admin (the API tests). */
export function injectedAgencyApi(
  app: { inject: (options: object) => Promise<{ statusCode: number; body: string }> },
  headers: Record<string, string>,
): AgencyApi {
  return async (method, url, body, contentType) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : null };
  };
}
