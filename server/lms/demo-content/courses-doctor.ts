import { lesson, type DemoCourse } from './types.js';

/** Courses for doctors. Lessons are Markdown; they summarise common practice and defer to local policy. */
export const doctorCourses: DemoCourse[] = [
  {
    title: 'Acute Medicine Foundations',
    description: 'A structured ABCDE approach to the acutely unwell adult.',
    level: 'Beginner',
    duration: '3 hours',
    sections: [
      lesson(
        'Airway and breathing',
        `The ABCDE approach assesses and treats the most immediately life-threatening problems first. Call for help early, and reassess after every intervention.

**Airway.** A patient who talks in full sentences has a patent airway. Look for signs of obstruction: stridor, gurgling, snoring, see-saw chest movement or silence despite effort. Simple manoeuvres (head tilt and chin lift, or jaw thrust), suction and airway adjuncts come first; call anaesthetic help for a threatened airway.

**Breathing.** Look, listen and feel:

- respiratory rate (one of the most sensitive signs of deterioration),
- oxygen saturation and the oxygen being given,
- chest expansion, symmetry and work of breathing,
- percussion and auscultation,
- tracheal position.

Give oxygen to a target saturation, commonly 94 to 98 percent, or 88 to 92 percent in patients at risk of hypercapnic respiratory failure. An arterial blood gas helps when saturations are low or the patient is drowsy. Treat the cause (for example bronchodilators for bronchospasm, or decompression for a tension pneumothorax) while continuing the assessment.`,
      ),
      lesson(
        'Circulation',
        `Assess the circulation by looking at the whole patient rather than one number.

- **Skin**: colour, temperature and capillary refill time (normally 2 seconds or less).
- **Pulse**: rate, rhythm and volume.
- **Blood pressure**: a normal value does not exclude shock, particularly in the young, in whom it falls late.
- **Urine output**: a catheter and hourly measurements in the sickest patients.
- **Conscious level**, which reflects brain perfusion.

Obtain intravenous access with a wide-bore cannula and take bloods, including a venous or arterial lactate and, where bleeding is possible, a group and save or crossmatch. Record a 12-lead ECG.

If the patient is hypovolaemic, give an intravenous fluid bolus of crystalloid and reassess the response before giving more. In suspected cardiac failure, give fluid cautiously, in smaller volumes. Look for the cause: bleeding, sepsis, dehydration, arrhythmia, myocardial infarction or pulmonary embolism each need specific treatment.`,
      ),
      lesson(
        'Disability and exposure',
        `**Disability.** Assess the level of consciousness with the ACVPU scale (Alert, new Confusion, responds to Voice, responds to Pain, Unresponsive) or the Glasgow Coma Scale. Check the pupils for size, equality and reaction to light.

Always measure the **capillary blood glucose**. Hypoglycaemia is a common, easily treated cause of confusion and reduced consciousness. Consider drugs, including opioids and sedatives, as a cause, and review the drug chart.

**Exposure.** Examine the whole body, respecting dignity and keeping the patient warm:

- rashes (a non-blanching rash suggests meningococcal disease),
- bleeding, including from drains and wounds,
- swelling of the limbs and abdomen,
- pressure areas and injuries,
- temperature.

Then take a focused history (from the patient, relatives, notes and charts), review results and make a plan. Communicate it clearly: the **SBAR** structure (Situation, Background, Assessment, Recommendation) helps when escalating to a senior. Decide on the frequency of observations and agree the limits of treatment where appropriate.`,
      ),
    ],
  },
  {
    title: 'Cardiology for Clinicians',
    description: 'ECG interpretation, acute coronary syndromes and heart failure management.',
    level: 'Intermediate',
    duration: '4 hours',
    sections: [
      lesson(
        'Reading an ECG',
        `Read every ECG in the same order, so nothing is missed, and compare it with previous tracings.

1. **Patient details, date and calibration**: standard paper speed is 25 mm/s and 10 mm/mV.
2. **Rate**: 300 divided by the number of large squares between R waves, or the number of complexes on a 10-second strip multiplied by 6.
3. **Rhythm**: regular or irregular; is there a P wave before every QRS complex?
4. **Axis**: a positive QRS in leads I and II suggests a normal axis.
5. **Intervals**: PR interval 120 to 200 ms; QRS duration under 120 ms; QT corrected for heart rate.
6. **ST segments and T waves**: elevation, depression or inversion, and in which territory.

Interpret the ECG with the clinical picture. A single normal ECG does not exclude an acute coronary syndrome: repeat it if symptoms continue or change.

Territories help localise ischaemia: the inferior leads (II, III, aVF), the anterior leads (V1 to V4) and the lateral leads (I, aVL, V5, V6).`,
      ),
      lesson(
        'Acute coronary syndromes',
        `Acute coronary syndromes (ACS) range from unstable angina to non-ST-elevation myocardial infarction (NSTEMI) and ST-elevation myocardial infarction (STEMI). They usually result from rupture or erosion of an atherosclerotic plaque with thrombus formation.

Typical features include central chest pain or pressure, radiating to the arm, jaw or back, with sweating, nausea or breathlessness. Older people, women and people with diabetes more often present atypically.

Early management:

- a 12-lead ECG within 10 minutes of arrival,
- high-sensitivity troponin, repeated at the interval the local pathway sets,
- antiplatelet therapy as per protocol, unless contraindicated,
- pain relief, and oxygen only if saturations are below target.

**STEMI** needs immediate reperfusion, preferably primary percutaneous coronary intervention when it can be delivered in time; otherwise thrombolysis. **NSTEMI** is managed by risk stratification, with early angiography for higher-risk patients.

Secondary prevention after ACS usually includes antiplatelet therapy, a statin, a beta-blocker, an ACE inhibitor, cardiac rehabilitation and support to stop smoking.`,
      ),
      lesson(
        'Heart failure',
        `Heart failure is a clinical syndrome of breathlessness, fatigue and fluid retention caused by a structural or functional abnormality of the heart. It is classified by the left ventricular ejection fraction (LVEF) into reduced (HFrEF), mildly reduced and preserved ejection fraction.

Diagnosis combines the history and examination with natriuretic peptides (BNP or NT-proBNP) and echocardiography.

For **HFrEF**, several drug classes reduce mortality and hospital admission:

- ACE inhibitors, angiotensin receptor blockers or an angiotensin receptor–neprilysin inhibitor,
- beta-blockers licensed for heart failure,
- mineralocorticoid receptor antagonists,
- SGLT2 inhibitors.

Loop diuretics relieve congestion but do not improve survival. Start drugs at low doses and increase them step by step towards the target doses, checking blood pressure, heart rate, renal function and potassium.

Non-drug care matters too: daily weights, a plan for what to do if weight rises, exercise-based rehabilitation, vaccination, and review of drugs that worsen heart failure, such as non-steroidal anti-inflammatory drugs.`,
      ),
    ],
  },
  {
    title: 'Critical Care Decision Making',
    description: 'Sepsis, shock and escalation decisions in the sickest patients.',
    level: 'Advanced',
    duration: '5 hours',
    sections: [
      lesson(
        'Recognising shock',
        `Shock is inadequate tissue perfusion and oxygen delivery for the body's needs. Hypotension is a **late** sign; by the time blood pressure falls, compensation has often failed.

Earlier signs include:

- a rising heart rate and respiratory rate,
- cool, mottled peripheries and a prolonged capillary refill time,
- new confusion or agitation,
- falling urine output,
- a raised lactate.

Classify shock by mechanism, because treatment differs:

- **Hypovolaemic**: bleeding or fluid loss; replace volume and stop the loss.
- **Distributive**: sepsis or anaphylaxis; fluids, vasopressors and treatment of the cause.
- **Cardiogenic**: pump failure; cautious fluids, inotropes, and treatment of ischaemia or arrhythmia.
- **Obstructive**: tension pneumothorax, tamponade or massive pulmonary embolism; relieve the obstruction.

Bedside ultrasound can help distinguish these. Involve critical care early: timely escalation improves outcomes more than any single therapy.`,
      ),
      lesson(
        'Sepsis bundles',
        `Sepsis is life-threatening organ dysfunction caused by a dysregulated host response to infection. Septic shock is sepsis with persistent hypotension needing vasopressors and a raised lactate despite adequate fluid resuscitation.

Time matters. Care bundles group the actions that should be taken in the first hour:

1. Measure lactate, and measure it again if it is raised.
2. Take blood cultures **before** antibiotics, as long as this does not delay them.
3. Give broad-spectrum antibiotics according to local guidance.
4. Give intravenous fluids for hypotension or a raised lactate, reassessing after each bolus.
5. Start vasopressors if blood pressure stays low despite fluids, aiming for a mean arterial pressure of about 65 mmHg.

**Source control** is as important as antibiotics: drain an abscess, remove an infected line, or operate on a perforation.

Review antibiotics daily against culture results and narrow them when possible. Document the suspected source, the time of the first dose and the plan for reassessment.`,
      ),
      lesson(
        'Ceilings of care',
        `Not every treatment that is possible is in a patient's interest. A ceiling of care is an agreed limit, for example *ward-based care without admission to intensive care*, or *not for cardiopulmonary resuscitation*, set so that care matches the patient's goals and likely benefit.

Good practice:

- Discuss goals of care **early**, ideally before a crisis, while the patient can take part.
- Explore what matters most to the patient: length of life, independence, comfort, being at home.
- Be honest about prognosis and uncertainty.
- Involve those close to the patient, with the patient's permission, and follow any valid advance decision.
- If the patient lacks capacity, act in their best interests according to the applicable law.

A ceiling of care is not a withdrawal of care: symptom control, nutrition, dignity and support for the family continue. Decisions should be documented clearly, communicated to the whole team and reviewed when the situation changes.`,
      ),
    ],
  },
];
