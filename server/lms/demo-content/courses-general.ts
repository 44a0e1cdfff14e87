import { lesson, type DemoCourse } from './types.js';

/** Courses for every profession. Lessons are Markdown; they summarise common practice and defer to local policy. */
export const generalCourses: DemoCourse[] = [
  {
    title: 'Infection Prevention Essentials',
    description: 'Hand hygiene, personal protective equipment and safe sharps handling for every health professional.',
    level: 'Beginner',
    duration: '1 hour',
    sections: [
      lesson(
        'The five moments of hand hygiene',
        `Hands are the commonest route by which micro-organisms pass between patients, staff and the environment. The World Health Organization describes **five moments** at which hand hygiene protects the patient and the health worker:

1. Before touching a patient.
2. Before a clean or aseptic procedure.
3. After a risk of exposure to body fluids.
4. After touching a patient.
5. After touching a patient's surroundings.

An alcohol-based hand rub is the first choice when hands are not visibly soiled: it is quicker than washing and kinder to the skin. Wash with soap and water instead when hands are visibly dirty, after caring for a patient with diarrhoea, or where spore-forming organisms such as *Clostridioides difficile* are suspected, because alcohol does not kill spores.

Technique matters as much as timing. Cover every surface (palms, backs of the hands, between the fingers, thumbs and fingertips) for 20 to 30 seconds with rub, or 40 to 60 seconds with soap and water. Keep nails short, and remove rings with stones, wrist watches and long sleeves during clinical care.`,
      ),
      lesson(
        'Choosing protective equipment',
        `Personal protective equipment (PPE) is chosen by a quick risk assessment before each task: *what might I be exposed to, and by which route?*

- **Gloves** when contact with blood, body fluids, mucous membranes or broken skin is expected. They are single use and never replace hand hygiene.
- **Aprons or gowns** when clothing may be splashed; a fluid-resistant gown when splashing is heavy.
- **Surgical masks** for droplet precautions, and **respirators** (FFP3, N95 or equivalent, fit-tested) for airborne organisms and aerosol-generating procedures.
- **Eye protection** (goggles or a visor) when splashes to the face are possible.

The order of putting on and taking off prevents self-contamination. A common sequence is to put on the apron or gown, then the mask or respirator, then eye protection, and gloves last. Remove gloves first, then the apron or gown, then clean your hands, then remove eye protection and the mask by their straps, and clean your hands again.

Dispose of used equipment in the correct waste stream before leaving the patient's area, and never carry used gloves between patients or tasks.`,
      ),
      lesson(
        'Sharps safety',
        `Needlestick and sharps injuries can transmit blood-borne viruses, including hepatitis B, hepatitis C and HIV. Most are preventable.

Safe practice:

- Never re-sheath a used needle by hand.
- Dispose of sharps **at the point of use**, by the person who used them, into a container that meets the relevant standard.
- Close the container's temporary lid between uses, and never fill it above the marked line.
- Use safety-engineered devices where they are available, and learn how each one is activated.
- Do not pass sharps from hand to hand; use a tray.

If an injury happens, encourage the wound to bleed gently, wash it with soap and running water, and do not scrub or suck it. Cover it, then report the injury at once to your manager and to occupational health (or the emergency department out of hours), because post-exposure prophylaxis for HIV works best when started within hours.

Record the source patient if known. Testing the source patient needs their consent, which a colleague not involved in the injury should seek.`,
      ),
    ],
  },
  {
    title: 'Communicating with Patients',
    description: 'Clear explanations, shared decisions and handling difficult conversations.',
    level: 'Intermediate',
    duration: '2 hours',
    sections: [
      lesson(
        'Active listening',
        `Patients often reveal their main concern late in a consultation, and only if they feel heard. Interrupting early, as many clinicians do within the first minute, cuts that concern off.

Active listening combines attention with a few deliberate techniques:

- **Open questions** at the start: *"What brings you in today?"*
- **Silence and minimal prompts** (a nod, *"go on"*) to let the patient finish.
- **Summarising** what you heard, in your own words, and checking it: *"So the pain started after the fall, and it is worse at night. Have I got that right?"*
- **Picking up cues**: a change in tone, a hesitation or a worry mentioned in passing.

Ask about the patient's ideas, concerns and expectations. Two people with the same symptoms can fear very different things, and an explanation that does not address the fear will not reassure.

Listening well does not make consultations longer. It tends to prevent the *"oh, and one more thing"* at the door, and it makes the plan more likely to be followed.`,
      ),
      lesson(
        'Explaining without jargon',
        `Words that are everyday to clinicians, such as *benign*, *chronic*, *negative result* or *stable*, are misunderstood by many patients. A "positive" test can sound like good news.

Principles of a clear explanation:

1. Find out what the patient already knows and wants to know.
2. Give information in small chunks, most important first.
3. Use plain words and short sentences; explain any technical term you must use.
4. Use numbers carefully: *"about 1 in 10 people"* is clearer than *"10 percent"*, and absolute risks are clearer than relative ones.
5. Support words with diagrams or written information where helpful.

Check understanding with **teach-back**: ask the patient to explain in their own words what they will do, for example *"So that I know I explained it well, can you tell me how you will take the new tablets?"* This checks your explanation, not the patient's intelligence.

Use a professional interpreter rather than family members when there is a language barrier, especially for sensitive topics and consent.`,
      ),
      lesson(
        'Shared decisions',
        `Shared decision-making means the clinician brings expertise on the options and their evidence, and the patient brings expertise on their own life, values and priorities. Together they reach a decision that fits both.

A practical structure:

- **Team talk**: explain that there is a choice to make, and that the patient's view matters.
- **Option talk**: describe each reasonable option, including *doing nothing* or *waiting*, with its benefits, harms and uncertainties.
- **Decision talk**: explore what matters most to the patient, and agree a plan, or agree when to decide.

Decision aids (leaflets, online tools, option grids) help patients compare options, especially for preference-sensitive decisions such as the treatment of early-stage disease.

Record the options discussed, the information given and the decision reached. Consent is a process, not a signature: a patient may change their mind, and a capable adult may decline a treatment the team recommends.`,
      ),
    ],
  },
];
