import { lesson, type DemoCourse } from './types.js';

/** Courses for dentists. Lessons are Markdown; they summarise common practice and defer to local policy. */
export const dentistCourses: DemoCourse[] = [
  {
    title: 'Preventive Dentistry',
    description: 'Caries risk, fluoride and oral hygiene advice.',
    level: 'Beginner',
    duration: '2 hours',
    sections: [
      lesson(
        'Caries risk assessment',
        `Dental caries is a diet-driven disease: bacteria in dental plaque ferment sugars into acids that demineralise the tooth. Whether lesions progress depends on the balance between demineralisation and remineralisation.

Assess each patient's risk to decide the recall interval and the preventive care they need. Consider:

- **past caries experience**, the strongest single predictor,
- **diet**: how often sugars are taken, especially between meals and at night,
- **fluoride exposure**: toothpaste, water and professional applications,
- **plaque control** and oral hygiene,
- **saliva**: reduced flow from medicines, radiotherapy or medical conditions raises risk,
- **social and medical factors**, including disability and a high-sugar medicine regime.

Record the risk level and explain it to the patient. Early lesions, such as white spots on enamel, can arrest and remineralise with better diet, fluoride and plaque control; not every lesion needs a filling.

Reassess risk at each visit, as it changes with life circumstances.`,
      ),
      lesson(
        'Fluoride',
        `Fluoride reduces caries mainly by a topical effect: it slows demineralisation, promotes remineralisation and forms a more acid-resistant enamel surface.

Fluoride toothpaste is the foundation:

- **Children under 3**: a smear of toothpaste containing at least 1,000 ppm fluoride.
- **Children 3 to 6**: a pea-sized amount containing more than 1,000 ppm fluoride.
- **Older children and adults**: toothpaste containing 1,350 to 1,500 ppm fluoride.

Higher-concentration toothpastes (2,800 or 5,000 ppm) may be prescribed for patients at high risk, for example those with active caries, dry mouth or exposed root surfaces.

Fluoride **varnish**, applied professionally, is recommended at least twice a year for children and for adults at higher risk. Check for contraindications listed by the manufacturer before applying it.

Advise patients to **spit, not rinse**, after brushing, so that fluoride stays on the teeth. Supervise young children's brushing to control the amount swallowed, as excessive intake while teeth are forming can cause fluorosis.`,
      ),
      lesson(
        'Oral hygiene advice',
        `Advice changes behaviour best when it is personal, specific and checked.

Core messages for most patients:

- Brush **twice a day**, last thing at night and on one other occasion, for about two minutes, with a fluoride toothpaste.
- Clean **between the teeth** daily with interdental brushes of the right size, or with floss where the spaces are too tight for brushes.
- Keep sugary foods and drinks to **mealtimes**, and avoid them in the hour before bed.
- Do not smoke; tobacco is a major risk factor for gum disease and oral cancer.
- Attend dental check-ups at the interval recommended for your risk.

Show, do not only tell. Disclosing tablets make plaque visible and let the patient see the areas they miss. Let them practise with their own brush in the chair, and check again at the next visit.

Tailor advice to the person: manual dexterity, orthodontic appliances, dentures or implants, and caring responsibilities all change what is realistic. Record the advice given so that the whole team reinforces the same messages.`,
      ),
    ],
  },
  {
    title: 'Periodontal Diagnosis and Care',
    description: 'Screening, staging and non-surgical therapy.',
    level: 'Intermediate',
    duration: '3 hours',
    sections: [
      lesson(
        'Periodontal screening',
        `Periodontitis is a chronic inflammatory disease of the tissues supporting the teeth. It is largely preventable and treatable, but it is painless in its early stages, so it must be looked for.

The **Basic Periodontal Examination (BPE)** is a screening tool used at routine examinations. The mouth is divided into six sextants, and a probe with a ball end and a coloured band is walked around each tooth. Each sextant receives the highest code found:

- **0**: healthy; no bleeding, calculus or pocketing.
- **1**: bleeding on probing, no pocketing.
- **2**: calculus or a plaque-retentive factor, no pocketing over 3.5 mm.
- **3**: shallow pocketing, 3.5 to 5.5 mm.
- **4**: deep pocketing, over 5.5 mm.
- **\\***: furcation involvement.

Higher codes call for more detailed charting (pocket depths, bleeding, recession and mobility) and radiographs to assess bone levels.

Ask about risk factors at the same time, particularly smoking and diabetes, both of which worsen periodontitis and its response to treatment.`,
      ),
      lesson(
        'Staging and grading',
        `The 2017 classification of periodontal diseases describes periodontitis by its **stage** and **grade**.

**Stage** (I to IV) describes severity and complexity, based mainly on the amount of attachment or bone loss and on tooth loss due to periodontitis:

- Stage I: early or mild.
- Stage II: moderate.
- Stage III: severe, with potential for further tooth loss.
- Stage IV: very severe, with potential loss of the dentition.

**Grade** (A, B or C) describes the rate of progression and the risk of future progression. It is estimated from the ratio of bone loss to the patient's age, and modified by risk factors such as smoking and poorly controlled diabetes.

The disease is also described by its **extent**: localised, generalised, or a molar–incisor pattern.

A diagnosis such as *"generalised periodontitis, stage III, grade B, currently unstable; risk factor: smoking"* guides treatment planning, gives a shared language with colleagues, and helps explain the condition to the patient.`,
      ),
      lesson(
        'Non-surgical therapy',
        `Treatment of periodontitis follows a stepwise approach.

- **Step 1** (for every patient): explain the disease, give personalised oral hygiene instruction, remove plaque-retentive factors such as overhanging restorations, and manage risk factors, including support to stop smoking and liaison about diabetes control.
- **Step 2**: subgingival instrumentation, with hand or powered instruments, to remove plaque and calculus from the root surfaces, often under local anaesthesia.
- **Reassessment** after about three months shows the response: reduced bleeding and pocket depths indicate healing.
- **Step 3**: residual deep pockets may need further instrumentation or referral for surgical treatment.
- **Step 4**: supportive periodontal care at intervals set by the patient's risk, commonly every three to twelve months.

Success depends more on the patient's daily plaque control than on any professional treatment. Systemic antibiotics are not routine; they may be considered for specific situations, following current guidance. Patients should understand that periodontitis is a long-term condition that needs lifelong maintenance.`,
      ),
    ],
  },
  {
    title: 'Medical Emergencies in Dental Practice',
    description: 'Recognising and managing collapse, anaphylaxis and hypoglycaemia.',
    level: 'Advanced',
    duration: '3 hours',
    sections: [
      lesson(
        'Preparation',
        `Medical emergencies in dental practice are uncommon but not rare, and the outcome depends largely on preparation.

Every practice should have:

- an up-to-date **medical history** for every patient, checked at each course of treatment,
- the recommended **emergency drugs**, stored together, in date and checked regularly,
- **emergency equipment**: oxygen with masks, a bag-valve-mask, suction, an automated external defibrillator (AED), and airway adjuncts,
- a written **procedure** for calling the emergency services, with the practice address ready,
- **regular team training**, including practical scenarios in which every team member has a role.

Record the checks of drugs and equipment, and replace items immediately after use.

Use the ABCDE approach to assess any patient who becomes unwell, call for help early, and give oxygen when indicated. Staying calm, with each person knowing their role, makes the biggest difference in the first minutes.`,
      ),
      lesson(
        'Common emergencies',
        `Recognise and treat the most common emergencies promptly, following current national guidance for doses and drugs.

- **Vasovagal syncope** (fainting): the most common. The patient becomes pale, sweaty and may lose consciousness briefly. Lay them flat and raise their legs; recovery is usually quick.
- **Hypoglycaemia**: in people with diabetes, confusion, sweating, shakiness or aggression. If the patient is conscious and can swallow, give a fast-acting glucose, such as glucose gel, tablets or a sugary drink; if they cannot, give glucagon intramuscularly and call for help.
- **Asthma**: wheeze and breathlessness. Help the patient use their own reliever inhaler, through a spacer if available, and call for help if there is no improvement or if signs of severity appear.
- **Anaphylaxis**: sudden airway, breathing or circulation problems, usually with skin changes. Call the emergency services and give intramuscular adrenaline into the anterolateral thigh (for adults, 0.5 mg, that is 0.5 mL of 1 mg/mL); repeat after 5 minutes if there is no improvement.
- **Chest pain of possible cardiac origin**: sit the patient up, call the emergency services, and give glyceryl trinitrate and aspirin where guidance and the patient's history allow.
- **Seizures**: protect the patient from injury; do not restrain them or put anything in the mouth; call for help if the seizure lasts more than 5 minutes.

Whatever the emergency, record what happened, the observations, the drugs given with their times and doses, and the handover to the emergency services. Review the event as a team afterwards to learn from it.`,
      ),
      lesson(
        'Cardiac arrest',
        `If a patient is unresponsive and not breathing normally, assume cardiac arrest. Occasional gasps (agonal breathing) are not normal breathing.

1. **Shout for help** and ask a colleague to call the emergency services and bring the AED.
2. **Start chest compressions**: lie the patient flat (recline the dental chair fully), place the heel of your hand in the centre of the chest, and compress 5 to 6 cm deep at 100 to 120 compressions a minute, allowing full recoil.
3. Give **30 compressions to 2 rescue breaths**, using a bag-valve-mask with oxygen if trained.
4. **Attach the AED** as soon as it arrives and follow its spoken prompts. Keep pauses in compressions as short as possible.
5. **Continue** until the patient shows signs of life or the emergency team takes over.

Swap the person doing compressions about every two minutes, as quality falls with fatigue.

Afterwards, record the events and times, support the team with a debrief, and replace used drugs and equipment. Regular hands-on training keeps these skills ready.`,
      ),
    ],
  },
];
