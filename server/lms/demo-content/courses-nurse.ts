import { lesson, type DemoCourse } from './types.js';

/** Courses for nurses. Lessons are Markdown; they summarise common practice and defer to local policy. */
export const nurseCourses: DemoCourse[] = [
  {
    title: 'Safe Medicines Administration',
    description: 'The rights of administration, calculations and error prevention.',
    level: 'Beginner',
    duration: '2 hours',
    sections: [
      lesson(
        'The rights of administration',
        `Medicines administration is one of the most common nursing tasks, and one of the most common sources of harm. The "rights" give a checklist for every dose:

- the right **patient** (check identity against the wristband and the prescription, with the patient where possible),
- the right **medicine**,
- the right **dose**,
- the right **route**,
- the right **time**,
- the right **documentation**.

Many organisations add the right reason, the right response and the patient's right to refuse.

Before giving a medicine, check for allergies, confirm the prescription is complete, legible and signed, and make sure you know the medicine's purpose, usual dose and main side effects. If anything is unclear, do not give the dose until it has been clarified with the prescriber or pharmacist.

Record the dose immediately after giving it, never before. If a dose is withheld or refused, record why and inform the prescriber when the omission could matter, for example with anticoagulants, insulin, antiepileptics or antibiotics.`,
      ),
      lesson(
        'Drug calculations',
        `Most calculations follow one formula:

> dose required = (what you want ÷ what you have) × volume it comes in

For example, 75 mg is prescribed and the ampoule holds 100 mg in 2 mL: (75 ÷ 100) × 2 mL = 1.5 mL.

Tips for getting it right:

1. **Convert to the same units first** (grams to milligrams, milligrams to micrograms). Errors of a factor of 1,000 usually start here.
2. **Estimate the answer** before calculating: is it more or less than one ampoule? Does the result make sense?
3. **Write the calculation down** rather than doing it in your head.
4. **Have a second person check independently** when policy requires it (commonly for controlled drugs, intravenous medicines and children's doses).

For infusions, the rate in mL per hour is the volume to infuse divided by the time in hours. Use an infusion pump for medicines where accuracy matters, and check the pump's settings against the prescription at every handover.

Write "micrograms" in full rather than "mcg" or "µg", and never use a trailing zero (write 5 mg, not 5.0 mg), because both are known causes of tenfold errors.`,
      ),
      lesson(
        'When errors happen',
        `Errors happen in every system. What matters is that the patient is kept safe and that the organisation learns.

If you discover an error:

1. **Check the patient** and assess for harm; record observations.
2. **Escalate** to the nurse in charge and the prescriber, and follow their instructions, for example monitoring or an antidote.
3. **Be open** with the patient (and family, where appropriate): explain what happened, apologise and say what will be done. This is the professional duty of candour.
4. **Record** the facts in the notes.
5. **Report** through the organisation's incident system.

Incident reporting is not about blame. Most errors come from system factors, such as look-alike packaging, interruptions, staffing or confusing charts. A culture in which staff report near misses as well as errors allows those factors to be found and fixed.

Reduce your own risk by avoiding interruptions during medicine rounds (some wards use "do not disturb" tabards), by never giving a medicine someone else has prepared, and by keeping up to date with the medicines you give most often.`,
      ),
    ],
  },
  {
    title: 'Recognising the Deteriorating Patient',
    description: 'Early warning scores, escalation and structured handover.',
    level: 'Intermediate',
    duration: '3 hours',
    sections: [
      lesson(
        'Early warning scores',
        `Most patients who have a cardiac arrest or an unplanned admission to intensive care show abnormal observations in the hours before. Early warning scores, such as the National Early Warning Score (NEWS2), turn routine observations into a single number that triggers a response.

NEWS2 scores six parameters:

- respiratory rate,
- oxygen saturation (with a separate scale for patients with hypercapnic respiratory failure) and whether supplemental oxygen is given,
- systolic blood pressure,
- pulse rate,
- level of consciousness or new confusion,
- temperature.

Each parameter scores from 0 to 3, and the total guides the response: more frequent observations, an urgent review by a clinician competent in acute care, or an emergency response. A score of 3 in any single parameter also prompts an urgent review.

A score supports, and never replaces, clinical judgement. Trust your concern, and that of the patient's family, if the patient "does not look right" even when the score is low.`,
      ),
      lesson(
        'Escalating with SBAR',
        `A call for help works best when it is short, structured and ends with a clear request. **SBAR** gives that structure:

- **Situation**: who you are, who the patient is and why you are calling. *"I am calling about Mr A on Ward 5; his NEWS2 score has risen to 7."*
- **Background**: the relevant history, reason for admission and recent changes.
- **Assessment**: the observations and what you think is happening. *"I think he may be septic."*
- **Recommendation**: what you need and by when. *"Please review him within 30 minutes."*

Have the observation chart, drug chart, recent results and notes to hand before calling.

Read back any instructions you receive, agree the time for review, and document the call: who you spoke to, when, and what was agreed. If the review does not happen in time, or the patient worsens, escalate again, to a more senior clinician if necessary. Escalation policies exist so that doing this is expected, not a personal challenge.`,
      ),
      lesson(
        'After the review',
        `The review is the start of a plan, not the end of the escalation.

Make sure the plan is clear and recorded:

- the working diagnosis and treatments started,
- the frequency of observations, and the score or findings at which to call again,
- investigations requested and who will check the results,
- the ceiling of care and resuscitation status, if discussed,
- when the patient will next be reviewed.

Carry out the plan and reassess the patient's response. Time-critical treatments, such as antibiotics for suspected sepsis, should be given promptly and their time recorded.

At handover, pass on deteriorating patients first and in person. Explain what has been done, what is outstanding and what would worry you. Involve the patient and family: explain what is happening and encourage them to speak up if they notice a change.`,
      ),
    ],
  },
  {
    title: 'Advanced Wound Care',
    description: 'Assessing complex wounds and choosing dressings.',
    level: 'Advanced',
    duration: '4 hours',
    sections: [
      lesson(
        'Wound assessment',
        `A systematic assessment gives a baseline, guides treatment and shows whether the wound is healing. Record it at first contact and at agreed intervals, with a photograph where policy allows and the patient consents.

Assess and record:

- **cause and duration** of the wound,
- **location and size**: length, width and depth, measured the same way each time,
- **wound bed tissue**: granulation (red), slough (yellow), necrotic tissue (black) or epithelialisation (pink),
- **exudate**: amount, colour and consistency,
- **wound edges and surrounding skin**: maceration, undermining, rolled edges or inflammation,
- **signs of infection**: increasing pain, spreading redness, warmth, swelling, pus or odour,
- **pain**: at rest and at dressing changes.

Look beyond the wound. Healing depends on blood supply, nutrition, glucose control, medicines such as steroids, continence, mobility and smoking. A wound on the lower leg needs a vascular assessment, including an ankle–brachial pressure index, before compression therapy is applied.

A wound that is not getting smaller over two to four weeks of good care should be reassessed and referred.`,
      ),
      lesson(
        'Choosing a dressing',
        `No single dressing suits every wound. Choose according to the goal for the wound bed, the amount of exudate and the condition of the surrounding skin.

- **To keep a dry wound moist**: hydrogels or films.
- **To absorb heavy exudate**: foams, alginates or hydrofibres.
- **To debride slough**: hydrogels or hydrocolloids, or other methods chosen by a specialist.
- **To reduce bacterial load**: antimicrobial dressings, for a limited trial period.

General principles:

- Moist, not wet, wound beds heal fastest.
- Protect the surrounding skin from maceration with a barrier product.
- Change the dressing only as often as needed: each change cools the wound and can disturb new tissue.
- Review the choice at every reassessment, because the wound's needs change as it heals.

Antimicrobial dressings should be used for a defined period, commonly two weeks, and then reviewed. Avoid using them routinely on wounds without signs of infection or high bacterial load.`,
      ),
      lesson(
        'Pressure ulcer prevention',
        `Pressure ulcers are localised damage to the skin and underlying tissue, usually over a bony prominence, caused by pressure, or pressure combined with shear. Most are preventable.

Prevention follows a simple structure, sometimes remembered as **SSKIN**:

- **Surface**: use pressure-redistributing mattresses and cushions matched to the level of risk.
- **Skin inspection**: check the skin regularly, especially heels, sacrum, hips and areas under devices such as oxygen tubing.
- **Keep moving**: reposition at intervals set by the individual's risk and skin response; encourage patients who can to move themselves.
- **Incontinence and moisture**: clean and protect the skin promptly.
- **Nutrition and hydration**: screen for malnutrition and act on the result.

Assess risk on admission and whenever the patient's condition changes, using a validated tool alongside clinical judgement.

If damage is found, categorise it, record it, report it as policy requires and increase preventive measures. Category 1 damage (non-blanching redness of intact skin) can still recover if pressure is relieved.`,
      ),
    ],
  },
];
