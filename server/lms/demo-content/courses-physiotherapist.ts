import { lesson, type DemoCourse } from './types.js';

/** Courses for physiotherapists. Lessons are Markdown; they summarise common practice and defer to local policy. */
export const physiotherapistCourses: DemoCourse[] = [
  {
    title: 'Musculoskeletal Assessment Basics',
    description: 'Subjective history, red flags and objective examination.',
    level: 'Beginner',
    duration: '2 hours',
    sections: [
      lesson(
        'The subjective history',
        `The subjective history shapes the whole assessment: it generates hypotheses that the objective examination then tests.

Cover, at least:

- **the main complaint** and the patient's goals,
- **the area and nature of symptoms**, drawn on a body chart (pain, pins and needles, numbness, stiffness, weakness),
- **onset and history**: a specific injury, gradual onset, or no clear cause,
- **behaviour of symptoms**: aggravating and easing factors, and how long symptoms take to settle (their *irritability*),
- **the 24-hour pattern**: morning stiffness, night pain, pain through the day,
- **general health, medicines and past history**,
- **work, hobbies and the demands the patient wants to return to**.

Irritability guides how vigorous the examination can be. Symptoms that are easily provoked and slow to settle call for a gentler examination and fewer tests.

Finish by summarising your understanding back to the patient and checking their expectations of physiotherapy.`,
      ),
      lesson(
        'Red and yellow flags',
        `**Red flags** are features that may indicate serious pathology needing urgent medical assessment. In spinal presentations, for example, they include:

- saddle anaesthesia, new bladder or bowel disturbance, or sexual dysfunction (possible cauda equina syndrome, an emergency),
- a history of cancer, unexplained weight loss, or constant, progressive, non-mechanical pain,
- fever, immunosuppression or intravenous drug use (possible infection),
- significant trauma, or minor trauma in someone with osteoporosis (possible fracture),
- progressive neurological deficit.

A single red flag does not prove serious disease, and its absence does not exclude it. Interpret flags together and act on the overall level of concern, following local referral pathways.

**Yellow flags** are psychosocial factors that predict a slower recovery: fear of movement, catastrophising, low mood, an expectation that passive treatment alone will help, and work or social difficulties. Screening tools, such as the STarT Back tool for low back pain, help stratify care. Addressing these factors is part of physiotherapy, not an extra.`,
      ),
      lesson(
        'Objective examination',
        `The objective examination tests the hypotheses from the history. Plan it beforehand so that it is efficient and does not aggravate irritable symptoms.

A typical order:

1. **Observation**: posture, swelling, muscle bulk, deformity and how the patient moves.
2. **Active movements**, noting range, quality and symptom response.
3. **Passive movements**, including accessory movements, and the end feel.
4. **Muscle testing**: strength, endurance and control.
5. **Neurological examination** where symptoms suggest nerve involvement: dermatomes, myotomes and reflexes, and neurodynamic tests.
6. **Special tests** selected for the structures you suspect.
7. **Palpation**.
8. **Functional tests** related to the patient's goals, such as a squat, a step-down or lifting.

Compare with the unaffected side, and record findings in measurable terms (degrees of movement, repetitions, a pain score) so that change can be shown.

Establish **asterisks**: a few key findings that will be re-tested after treatment and at the next session to judge progress.`,
      ),
    ],
  },
  {
    title: 'Exercise Prescription',
    description: 'Dosing strength, endurance and balance exercise.',
    level: 'Intermediate',
    duration: '3 hours',
    sections: [
      lesson(
        'Principles of loading',
        `Tissues adapt to the loads placed on them. Exercise prescription applies load in a way that produces the adaptation you want, without exceeding what the tissue can tolerate.

Key principles:

- **Specificity**: adaptations match the demand. Train the movements, speeds and positions the patient needs.
- **Progressive overload**: load must increase over time for adaptation to continue.
- **Individualisation**: start from the patient's current capacity, not from a standard programme.
- **Recovery**: adaptation happens between sessions; rest is part of the programme.
- **Reversibility**: gains are lost when training stops.

Describe every exercise with its full dose, for example with the **FITT** variables: frequency, intensity, time (or sets and repetitions) and type.

Pain during rehabilitation is common and not always a sign of harm. Many programmes accept a modest rise in pain during exercise, provided it settles within about 24 hours and does not increase week on week. Agree this with the patient in advance so that they can monitor themselves.`,
      ),
      lesson(
        'Strength training dose',
        `Strength improves when muscles work against a resistance that is challenging for them. General guidance for adults:

- **Frequency**: two to three sessions a week for each muscle group, with at least a day between sessions for the same group.
- **Intensity**: a load the person can lift about 8 to 12 times with good form, finishing close to fatigue. Untrained and older adults gain strength at lower intensities too.
- **Volume**: one to three sets per exercise to begin with.
- **Progression**: increase the load when the person can complete the upper end of the repetition range comfortably.

Use a rating of perceived exertion, or *repetitions in reserve* (how many more the patient could have done), to set intensity when equipment is limited.

Strength gains in the first weeks come largely from better neural activation; increases in muscle size follow over several weeks. Set expectations accordingly, and choose measures that will show early progress, such as the repetitions completed or a timed sit-to-stand test.`,
      ),
      lesson(
        'Balance training',
        `Balance training reduces falls in older adults, particularly when it is challenging, progressive and continued over time. Programmes with a high challenge to balance and a total of three or more hours a week have shown the largest effect.

Ways to increase the challenge:

- **narrow the base of support**: feet together, then tandem stance, then standing on one leg,
- **reduce vision**: eyes closed, or moving the head,
- **change the surface**: from firm to soft,
- **add movement**: reaching, stepping, turning, walking on a line,
- **add a second task**: counting backwards or carrying an object while walking.

Safety comes first. Exercise near a stable support, such as a kitchen counter, and progress only when the current level is managed well. Supervised sessions at first help people learn the exercises and build confidence.

Combine balance training with strength training for the legs, and review other fall risk factors with the team: medicines, vision, footwear, home hazards and postural hypotension.`,
      ),
    ],
  },
  {
    title: 'Neurological Rehabilitation',
    description: 'Stroke recovery, spasticity management and task-specific training.',
    level: 'Advanced',
    duration: '5 hours',
    sections: [
      lesson(
        'Neuroplasticity',
        `Neuroplasticity is the nervous system's ability to reorganise its structure and function in response to experience and injury. After a stroke or brain injury, recovery comes from spontaneous biological repair and from learning driven by practice.

Principles drawn from research on experience-dependent plasticity:

- **Use it or lose it**: functions that are not used decline.
- **Use it and improve it**: practice of a skill strengthens the networks behind it.
- **Specificity**: the nature of practice determines what changes.
- **Repetition and intensity**: meaningful change needs a large amount of practice.
- **Salience**: practice that matters to the person is more effective.
- **Timing**: the first weeks and months are a period of heightened plasticity, but improvement remains possible later.

In practice, this means maximising active, goal-directed practice across the day, not only during therapy sessions. Group sessions, practice with family members, and structured independent exercise increase the amount of practice a person gets.`,
      ),
      lesson(
        'Managing spasticity',
        `Spasticity is a velocity-dependent increase in muscle tone caused by upper motor neurone damage. It is one part of a wider picture that includes weakness, loss of dexterity and changes in the muscles themselves. Not all spasticity needs treating: treat it when it causes pain, limits function, makes care difficult or risks contractures.

A combined approach works best:

- **Positioning and seating** that keep muscles at length and support alignment.
- **Stretching and splinting**, including serial casting for established loss of range.
- **Active exercise and strengthening** of the weak antagonist muscles.
- **Managing aggravating factors**: pain, infection, constipation, pressure damage and poorly fitting equipment.
- **Medicines**: focal treatment such as botulinum toxin for specific muscles, followed by therapy; oral agents for more generalised spasticity, balanced against side effects such as drowsiness and weakness.

Set goals with the patient and carers before treatment, and measure the outcome, for example with range of movement, ease of care or a goal attainment scale.`,
      ),
      lesson(
        'Task-specific training',
        `Task-specific training means practising the actual activities a person wants to regain, such as standing up, walking, reaching or dressing, rather than only exercising the impairments that limit them.

Good task-specific practice:

- is **based on the person's goals**,
- breaks the task into parts when needed, then **practises the whole task** as soon as possible,
- gives **many repetitions** with enough variety to build adaptable skill,
- is progressed by changing the environment, speed, support or accuracy demanded,
- uses **feedback** wisely: more at first, then less, so the person learns to judge their own performance.

Examples include repeated sit-to-stand practice from different chair heights, walking practice on different surfaces and in real places, and reaching for everyday objects at varying distances.

Constraint-induced movement therapy is one form of intensive task practice for the arm: the stronger arm is restrained for part of the day while the weaker arm practises tasks. It suits people with some active wrist and finger extension.`,
      ),
    ],
  },
];
