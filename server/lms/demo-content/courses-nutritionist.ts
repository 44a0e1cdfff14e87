import { lesson, type DemoCourse } from './types.js';

/** Courses for nutritionists. Lessons are Markdown; they summarise common practice and defer to local policy. */
export const nutritionistCourses: DemoCourse[] = [
  {
    title: 'Foundations of Human Nutrition',
    description: 'Macronutrients, micronutrients and energy balance.',
    level: 'Beginner',
    duration: '2 hours',
    sections: [
      lesson(
        'Macronutrients',
        `Macronutrients are needed in large amounts and provide energy:

- **Carbohydrate**: about 4 kcal per gram. Starches and sugars are the body's main fuel; fibre, also a carbohydrate, supports bowel health and is linked to lower risks of heart disease and bowel cancer.
- **Protein**: about 4 kcal per gram. It supplies amino acids for growth and repair, enzymes and immune function. Nine amino acids are essential and must come from the diet.
- **Fat**: about 9 kcal per gram. It supplies essential fatty acids and carries the fat-soluble vitamins A, D, E and K.

Alcohol also provides energy, about 7 kcal per gram, but no essential nutrients.

Quality matters as well as quantity. Wholegrain carbohydrates, a variety of protein sources including pulses, and unsaturated fats in place of saturated fats are associated with better long-term health.

Dietary reference values give typical needs for populations. Individual needs vary with age, sex, body size, activity, pregnancy and illness, so assess the person rather than applying a single figure.`,
      ),
      lesson(
        'Micronutrients',
        `Vitamins and minerals are needed in small amounts, but deficiency or excess can cause disease.

Some deficiencies and their typical features:

- **Iron**: fatigue and a microcytic anaemia; common in menstruating women, pregnancy and young children.
- **Vitamin B12**: a macrocytic anaemia and neurological problems; at risk are people following vegan diets without supplements, older adults and people taking some long-term medicines such as metformin.
- **Folate**: a macrocytic anaemia; supplements before conception and in early pregnancy reduce neural tube defects.
- **Vitamin D**: rickets in children and osteomalacia in adults; at risk are people with little sun exposure and darker skin.
- **Iodine**: goitre and, in pregnancy, impaired brain development in the child.
- **Vitamin C**: scurvy, with bleeding gums and poor wound healing.

Fat-soluble vitamins are stored in the body and can accumulate to toxic levels with high-dose supplements; vitamin A in high doses is harmful in pregnancy.

A varied diet meets most people's needs. Targeted supplements are advised for specific groups, and deficiency should be confirmed and its cause investigated rather than only treated.`,
      ),
      lesson(
        'Energy balance',
        `Body weight changes when energy intake and energy expenditure differ over time.

Energy expenditure has three main parts:

1. **Basal metabolic rate** (the energy needed at rest), the largest part for most people, which depends mainly on lean body mass.
2. **The thermic effect of food**, about a tenth of intake.
3. **Physical activity**, the most variable part, including everyday movement as well as exercise.

Prediction equations, such as the Henry or Mifflin–St Jeor equations, estimate basal metabolic rate from age, sex, weight and height. Multiplying by an activity factor gives an estimate of total needs. These are estimates: monitor weight and adjust.

The body adapts to changes in intake. During weight loss, expenditure falls as body mass falls, which is one reason weight loss slows over time.

Weight management advice works best when it is realistic and sustained: modest changes to portion sizes, energy-dense foods and drinks, and activity, supported by regular follow-up, are more likely to last than short, restrictive diets.`,
      ),
    ],
  },
  {
    title: 'Clinical Nutrition Support',
    description: 'Screening, oral nutrition support and enteral feeding.',
    level: 'Intermediate',
    duration: '3 hours',
    sections: [
      lesson(
        'Screening for malnutrition',
        `Malnutrition is common among people in hospital and in care homes, and it is often missed. It delays recovery, increases complications and lengthens stays.

Screen everyone on admission to hospital or a care home, and at regular intervals afterwards, using a validated tool. The Malnutrition Universal Screening Tool (**MUST**) combines:

- body mass index,
- unplanned weight loss over the previous three to six months,
- the effect of acute illness, such as no intake for more than five days.

The total score places the person at low, medium or high risk and links to a care plan: routine rescreening, monitoring of intake, or referral for dietetic assessment and treatment.

Screening is a first step, not an assessment. A full nutritional assessment considers anthropometry, biochemistry, clinical condition, diet history, and functional and social factors, such as the ability to shop, cook and eat.

When weight cannot be measured, recalled weight, mid-upper arm circumference and clinical judgement can be used. Record the result and act on it.`,
      ),
      lesson(
        'Food first',
        `For people who can eat, improving ordinary food and drink is the first step in treating malnutrition.

A food-first approach includes:

- **food fortification**: adding energy and protein to everyday foods, for example full-fat milk powder in milk, cheese in sauces, or butter in vegetables,
- **small, frequent meals and snacks**, as large portions can be off-putting,
- **nourishing drinks**, such as milky drinks and smoothies,
- **addressing barriers**: poor appetite, difficulty chewing or swallowing, the need for help with eating, unsuitable food textures, mealtime interruptions, low mood, or not being able to reach the food.

Protected mealtimes and a simple way to show which patients need help with eating improve intake on wards.

Oral nutritional supplements are added when food alone does not meet needs, with clear goals, a prescribed amount, and review. Supplements are taken more reliably when people are offered choice in flavour and type, and when they are served at the right temperature between meals.`,
      ),
      lesson(
        'Enteral feeding',
        `Enteral tube feeding is considered when a person cannot meet their needs by mouth but has a functioning gut.

Choosing the route:

- **Nasogastric tubes** for short-term feeding, commonly up to about four to six weeks.
- **Nasojejunal tubes** when gastric feeding is not tolerated, for example with delayed gastric emptying.
- **Gastrostomy or jejunostomy** for longer-term feeding.

The position of a nasogastric tube must be confirmed before **every** use, by pH testing of an aspirate, or by X-ray when no aspirate can be obtained or the pH is not in the safe range. Never use the "whoosh" test. Misplaced tubes have caused deaths.

Feed plans set the type of feed, the volume, the rate and the water flushes. Start cautiously in people at risk of refeeding syndrome, and increase as tolerated.

Monitor tolerance (nausea, vomiting, distension, bowel habit), fluid balance, weight, blood results and the tube site. Review the goals of feeding regularly, including whether feeding continues to be in the person's interest.`,
      ),
    ],
  },
  {
    title: 'Nutrition in Critical Illness',
    description: 'Refeeding syndrome, parenteral nutrition and metabolic stress.',
    level: 'Advanced',
    duration: '4 hours',
    sections: [
      lesson(
        'Refeeding syndrome',
        `Refeeding syndrome is a potentially fatal shift of fluids and electrolytes when nutrition is restarted after a period of starvation. Feeding stimulates insulin release, which moves phosphate, potassium and magnesium into cells; blood levels can fall sharply, causing arrhythmias, heart failure, respiratory failure and confusion.

People at high risk include those with:

- very little or no intake for more than about five to ten days,
- a very low body mass index or recent marked weight loss,
- low potassium, phosphate or magnesium before feeding,
- a history of alcohol misuse, or some medicines such as insulin, chemotherapy, antacids or diuretics.

Prevention:

1. Identify the risk before feeding starts.
2. Give thiamine and a balanced vitamin supplement before and during the first days of feeding.
3. Start feeding at a reduced energy level and increase it gradually over several days.
4. Check and replace phosphate, potassium and magnesium, daily at first.
5. Monitor fluid balance and the heart rate and rhythm.

Do not delay feeding altogether: underfeeding carries its own harm. The aim is careful, monitored reintroduction.`,
      ),
      lesson(
        'Parenteral nutrition',
        `Parenteral nutrition (PN) provides nutrients directly into a vein. It is used when the gut cannot be used or cannot absorb enough, for example in intestinal failure, obstruction, or a high-output fistula.

Because PN bypasses the gut's protective functions, it carries specific risks:

- **catheter-related bloodstream infection**, reduced by strict aseptic technique and a dedicated lumen for PN,
- **metabolic complications**: high glucose, electrolyte disturbances, refeeding syndrome and, with long-term use, liver disease,
- **mechanical complications** of the central line, such as occlusion or thrombosis.

Monitoring during PN includes blood glucose, electrolytes, renal and liver function, triglycerides, fluid balance and weight, frequently at first and then less often as the patient stabilises.

PN should be prescribed and monitored by a multidisciplinary nutrition support team. Use the gut as soon as it can be used, even with small volumes, and plan the transition from parenteral to enteral or oral nutrition.`,
      ),
      lesson(
        'Protein needs',
        `Critical illness triggers a catabolic stress response: muscle protein is broken down to supply amino acids for immune function, tissue repair and glucose production. Patients can lose a large amount of muscle in the first week of intensive care, which contributes to weakness that lasts long after discharge.

Protein targets in critical illness are higher than in health. Guidelines commonly suggest about 1.2 to 2.0 g of protein per kilogram of body weight per day, progressively reached, with the exact figure depending on the guideline, the phase of illness and the patient. Energy is usually introduced gradually in the first days rather than given in full at once.

Practical points:

- estimate needs with a clear method and record the weight used,
- monitor what is actually delivered, because interruptions often mean patients receive less than prescribed,
- adjust for kidney function, renal replacement therapy and wounds, which change protein needs and losses,
- combine nutrition with early mobilisation, as protein alone cannot preserve muscle.

Continue nutritional care after intensive care: appetite is often poor on the ward and at home, and rehabilitation depends on adequate intake.`,
      ),
    ],
  },
];
