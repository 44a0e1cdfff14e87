/**
 * The tracker's first screen in English (its frame, the form, the errors a lookup can meet, and the
 * titles of the other screens, which the frame names the document after): the shape every other
 * language's catalogue must match. The words of the screens after it (a lookup's result, the case,
 * the journey) are in ./screens, downloaded with those screens (issue 42: the tracker's first page
 * downloads only these).
 */
const en = {
  shell: {
    area: 'Application tracking',
    nav: 'Applicant',
    checkStatus: 'Check status',
    footer: 'Your case number is on the confirmation you received when your application was opened.',
    staff: 'Staff sign-in',
    language: 'Language',
  },
  connection: {
    unreachable: 'We cannot reach the service. We will keep trying and reload what you see once it is back.',
    tryAgain: 'Try again now',
  },
  tracker: {
    title: 'Track Your Application',
    intro: 'Enter the case number you were given and your passport number to see how your application is progressing.',
    caseNumber: 'Case Number',
    passportNumber: 'Passport Number',
    check: 'Check Status',
    searching: 'Searching...',
    bothFields: 'Please fill in both fields',
    notFound: 'Case details not found. Please verify your information.',
    caseNumberTooLong: 'Case number must be at most {{max}} characters.',
    passportNumberTooLong: 'Passport number must be at most {{max}} characters.',
    formNotRead: 'We could not read the form. Please enter both numbers again and check the status.',
  },
  titles: {
    caseView: 'Your case',
    journey: 'My journey',
    licenceVerify: 'Licence verification',
    subscription: 'Email updates',
  },
  errors: {
    unreachable: 'We cannot reach the service right now. Please try again in a moment.',
    serverFault: 'Something went wrong on our side. Please try again in a moment.',
    tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  },
};

/** Every language has every key, as text. */
export type Catalogue = { [Key in keyof typeof en]: DeepText<(typeof en)[Key]> };
export type DeepText<T> = { [Key in keyof T]: T[Key] extends string ? string : DeepText<T[Key]> };

export default en;
