import type { DemoCourse } from './types.js';

const lesson = (title: string, body: string) => ({ title, body });

export const demoCourses: Record<'all' | 'doctor' | 'nurse' | 'physiotherapist' | 'nutritionist' | 'dentist', DemoCourse[]> = {
  all: [
    {
      title: 'Infection Prevention Essentials',
      description: 'Hand hygiene, personal protective equipment and safe sharps handling for every health professional.',
      level: 'Beginner',
      duration: '1 hour',
      sections: [
        lesson('The five moments of hand hygiene', 'Clean your hands before touching a patient, before a clean or aseptic task, after body fluid exposure risk, after touching a patient and after touching their surroundings.'),
        lesson('Choosing protective equipment', 'Match gloves, aprons, gowns, masks and eye protection to the task and the route of transmission. Put on and take off equipment in the right order.'),
        lesson('Sharps safety', 'Never re-sheath needles by hand, dispose of sharps at the point of use, and report every needlestick injury at once.'),
      ],
    },
    {
      title: 'Communicating with Patients',
      description: 'Clear explanations, shared decisions and handling difficult conversations.',
      level: 'Intermediate',
      duration: '2 hours',
      sections: [
        lesson('Active listening', 'Let the patient finish, summarise what you heard and check you understood.'),
        lesson('Explaining without jargon', 'Use plain words, short sentences and the teach-back method to confirm understanding.'),
        lesson('Shared decisions', 'Set out the options, including doing nothing, with their benefits and risks, and agree a plan that fits the patient\'s values.'),
      ],
    },
  ],
  doctor: [
    {
      title: 'Acute Medicine Foundations',
      description: 'A structured ABCDE approach to the acutely unwell adult.',
      level: 'Beginner',
      duration: '3 hours',
      sections: [
        lesson('Airway and breathing', 'Look, listen and feel. Give oxygen to target saturations and treat the cause of breathlessness.'),
        lesson('Circulation', 'Assess pulse, blood pressure, capillary refill and urine output. Obtain IV access and bloods, and give fluids where indicated.'),
        lesson('Disability and exposure', 'Check the level of consciousness, pupils and glucose, then examine the whole patient while keeping their dignity and temperature.'),
      ],
    },
    {
      title: 'Cardiology for Clinicians',
      description: 'ECG interpretation, acute coronary syndromes and heart failure management.',
      level: 'Intermediate',
      duration: '4 hours',
      sections: [
        lesson('Reading an ECG', 'Work through rate, rhythm, axis, intervals and the ST segment in the same order every time.'),
        lesson('Acute coronary syndromes', 'Recognise ST elevation early; give antiplatelets and arrange reperfusion according to local pathways.'),
        lesson('Heart failure', 'Combine symptom relief with disease-modifying drugs, and titrate them to the target doses.'),
      ],
    },
    {
      title: 'Critical Care Decision Making',
      description: 'Sepsis, shock and escalation decisions in the sickest patients.',
      level: 'Advanced',
      duration: '5 hours',
      sections: [
        lesson('Recognising shock', 'Hypotension is late. Look for a rising lactate, poor perfusion and falling urine output.'),
        lesson('Sepsis bundles', 'Cultures, antibiotics within the hour, fluids and source control save lives.'),
        lesson('Ceilings of care', 'Discuss goals of care early and record the decisions clearly.'),
      ],
    },
  ],
  nurse: [
    {
      title: 'Safe Medicines Administration',
      description: 'The rights of administration, calculations and error prevention.',
      level: 'Beginner',
      duration: '2 hours',
      sections: [
        lesson('The rights of administration', 'Check the right patient, drug, dose, route and time, and document every administration.'),
        lesson('Drug calculations', 'Use what you want over what you have, multiplied by the volume, and double-check high-risk medicines.'),
        lesson('When errors happen', 'Put the patient first, escalate, be open and report so the system can learn.'),
      ],
    },
    {
      title: 'Recognising the Deteriorating Patient',
      description: 'Early warning scores, escalation and structured handover.',
      level: 'Intermediate',
      duration: '3 hours',
      sections: [
        lesson('Early warning scores', 'A rising score means more frequent observations and escalation by protocol.'),
        lesson('Escalating with SBAR', 'Situation, Background, Assessment, Recommendation gives a clear call for help.'),
        lesson('After the review', 'Agree a plan, set observation frequency and document the outcome.'),
      ],
    },
    {
      title: 'Advanced Wound Care',
      description: 'Assessing complex wounds and choosing dressings.',
      level: 'Advanced',
      duration: '4 hours',
      sections: [
        lesson('Wound assessment', 'Record size, depth, tissue type, exudate, edges and signs of infection.'),
        lesson('Choosing a dressing', 'Match the dressing to the moisture level and goal: debride, protect or absorb.'),
        lesson('Pressure ulcer prevention', 'Assess risk, reposition, manage moisture and optimise nutrition.'),
      ],
    },
  ],
  physiotherapist: [
    {
      title: 'Musculoskeletal Assessment Basics',
      description: 'Subjective history, red flags and objective examination.',
      level: 'Beginner',
      duration: '2 hours',
      sections: [
        lesson('The subjective history', 'Establish the pain pattern, behaviour, aggravating and easing factors, and the patient\'s goals.'),
        lesson('Red and yellow flags', 'Screen for serious pathology and for psychosocial factors that predict a slower recovery.'),
        lesson('Objective examination', 'Observe, then test active and passive movement, strength, neurology and special tests.'),
      ],
    },
    {
      title: 'Exercise Prescription',
      description: 'Dosing strength, endurance and balance exercise.',
      level: 'Intermediate',
      duration: '3 hours',
      sections: [
        lesson('Principles of loading', 'Progressive overload, specificity and recovery guide every programme.'),
        lesson('Strength training dose', 'Two to three sessions a week at moderate to high intensity build strength.'),
        lesson('Balance training', 'Challenge the base of support, vision and dual tasks safely.'),
      ],
    },
    {
      title: 'Neurological Rehabilitation',
      description: 'Stroke recovery, spasticity management and task-specific training.',
      level: 'Advanced',
      duration: '5 hours',
      sections: [
        lesson('Neuroplasticity', 'Intensive, repetitive and meaningful practice drives recovery.'),
        lesson('Managing spasticity', 'Combine positioning, stretching, strengthening and medical options.'),
        lesson('Task-specific training', 'Practise the real activities the patient wants to regain.'),
      ],
    },
  ],
  nutritionist: [
    {
      title: 'Foundations of Human Nutrition',
      description: 'Macronutrients, micronutrients and energy balance.',
      level: 'Beginner',
      duration: '2 hours',
      sections: [
        lesson('Macronutrients', 'Carbohydrate and protein give about 4 kcal per gram, fat about 9 kcal per gram.'),
        lesson('Micronutrients', 'Vitamins and minerals are needed in small amounts; deficiencies have typical signs.'),
        lesson('Energy balance', 'Weight changes when energy intake and expenditure differ over time.'),
      ],
    },
    {
      title: 'Clinical Nutrition Support',
      description: 'Screening, oral nutrition support and enteral feeding.',
      level: 'Intermediate',
      duration: '3 hours',
      sections: [
        lesson('Screening for malnutrition', 'Use a validated tool such as MUST on admission and regularly afterwards.'),
        lesson('Food first', 'Fortify meals and offer snacks before prescribing supplements.'),
        lesson('Enteral feeding', 'Choose the route, the feed and the rate, and monitor tolerance.'),
      ],
    },
    {
      title: 'Nutrition in Critical Illness',
      description: 'Refeeding syndrome, parenteral nutrition and metabolic stress.',
      level: 'Advanced',
      duration: '4 hours',
      sections: [
        lesson('Refeeding syndrome', 'Identify the risk, give thiamine, start feeding slowly and monitor phosphate.'),
        lesson('Parenteral nutrition', 'Use it when the gut cannot be used, with strict line care and monitoring.'),
        lesson('Protein needs', 'Critically ill patients need more protein to limit muscle loss.'),
      ],
    },
  ],
  dentist: [
    {
      title: 'Preventive Dentistry',
      description: 'Caries risk, fluoride and oral hygiene advice.',
      level: 'Beginner',
      duration: '2 hours',
      sections: [
        lesson('Caries risk assessment', 'Consider diet, fluoride exposure, plaque, saliva and past caries experience.'),
        lesson('Fluoride', 'Recommend toothpaste strength by age and risk, and use varnish for high-risk patients.'),
        lesson('Oral hygiene advice', 'Brush twice daily for two minutes, clean between the teeth, and spit without rinsing.'),
      ],
    },
    {
      title: 'Periodontal Diagnosis and Care',
      description: 'Screening, staging and non-surgical therapy.',
      level: 'Intermediate',
      duration: '3 hours',
      sections: [
        lesson('Periodontal screening', 'Record the basic periodontal examination at every check-up.'),
        lesson('Staging and grading', 'Describe severity and rate of progression to plan care.'),
        lesson('Non-surgical therapy', 'Plaque control and professional mechanical plaque removal come first.'),
      ],
    },
    {
      title: 'Medical Emergencies in Dental Practice',
      description: 'Recognising and managing collapse, anaphylaxis and hypoglycaemia.',
      level: 'Advanced',
      duration: '3 hours',
      sections: [
        lesson('Preparation', 'Keep emergency drugs and equipment checked, and train as a team.'),
        lesson('Common emergencies', 'Vasovagal syncope, hypoglycaemia, asthma and anaphylaxis each have a clear protocol.'),
        lesson('Cardiac arrest', 'Call for help, start CPR and use the defibrillator as soon as it arrives.'),
      ],
    },
  ],
};
