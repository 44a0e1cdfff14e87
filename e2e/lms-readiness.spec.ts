import pg from 'pg';
import { expect, expectAccessible, test } from './fixtures.js';
import { createLearner, lmsAdminApi, signInLearner, uniqueName } from './lms-helpers.js';
import { expectFitsWidth } from './screen-list.js';

/*
 * Readiness on the learner's dashboard (issue 40, decision 029): after enough practice and a
 * calibration, the chance of passing shows as a band with its interval and the answers it rests on,
 * and the topic practised wrongly is named below the cut; a mistake of yesterday comes back as a
 * review due today, and answering it sets its next date. Profession: dentist; the questions made
 * here are retired at the end, as the other LMS specs expect their banks.
 */
// On a phone's width: the card's longest texts (the chance with its interval, a topic's line) must fit it.
test.use({ viewport: { width: 390, height: 900 } });

type Served = { examQuestions: { id: number; question: string }[]; practiceSet?: { id: number } };
type Marked = { next?: { id: number; question: string } | null };

test('when a learner has practised 40 questions and the bank is calibrated, then the dashboard shows the chance of passing with its interval and count, and the weak topic below the cut; a mistake of yesterday is due, reviewed and set for later', async ({
  page,
  request,
  baseURL,
  workerApp,
}) => {
  test.slow();
  const api = await lmsAdminApi(baseURL ?? '');
  const made: number[] = [];
  const prefix = uniqueName('Ready');
  try {
    // 20 questions a topic, easy to hard; the learner knows oral surgery and not endodontics.
    for (const topic of ['Oral surgery', 'Endodontics']) {
      for (let i = 0; i < 20; i++) {
        const response = await api.post('/exam-questions', {
          data: {
            question: `${prefix} ${topic} ${i}: which answer is right (सही उत्तर، الإجابة الصحيحة)?`,
            question_type: 'multiple-choice',
            options: ['Right answer', 'Wrong answer', 'Another wrong answer'],
            correct_answer: 'Right answer',
            explanation: `Explanation ${i}.`,
            profession: 'dentist',
            topic,
            difficulty: i < 7 ? 'easy' : i < 14 ? 'medium' : 'hard',
          },
        });
        expect(response.status(), await response.text()).toBe(201);
        made.push(((await response.json()) as { id: number }).id);
      }
    }
    const learner = await createLearner(request, { profession: 'dentist', prefix: 'readylearner' });
    const headers = { authorization: `Bearer ${learner.token}` };
    // One adaptive set of 40 through the API: each answer brings the next question.
    const served = await request.get('/user/exam/questions', { headers, params: { set: 'adaptive', length: 40 } });
    expect(served.status(), await served.text()).toBe(200);
    const set = (await served.json()) as Served;
    let question = set.examQuestions[0];
    let answered = 0;
    while (question) {
      const sent = await request.post('/user/exam/submit', {
        headers,
        data: {
          setId: set.practiceSet?.id,
          questionId: question.id,
          userAnswer: question.question.includes('Oral surgery') ? 'Right answer' : 'Wrong answer',
          clientAnswerId: crypto.randomUUID(),
        },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      answered++;
      question = ((await sent.json()) as Marked).next ?? undefined;
    }
    expect(answered).toBe(40);

    await signInLearner(page, learner);
    await page.goto('/lms-system/dashboard');
    // The endodontics questions answered wrongly became review cards, scheduled for when they are
    // about to be forgotten (a day at the soonest): none is due yet, and the card says when one is.
    const reviews = page.getByRole('region', { name: 'Reviews', exact: true });
    await expect(reviews.getByText(/^No reviews due now\. The next comes back \S/)).toBeVisible();
    const card = page.getByRole('region', { name: 'Readiness: an estimate from practice' });
    // Before a calibration nothing is estimated: the card says so instead of showing a number.
    await expect(card.getByText(/^Your chance of passing shows .*\(40 (answers )?so far/)).toBeVisible();

    expect((await api.post('/admin/item-calibration', { data: { profession: 'dentist' } })).status()).toBe(202);
    await expect
      .poll(async () => ((await (await request.get('/user/readiness', { headers })).json()) as { pass: unknown }).pass)
      .not.toBeNull();
    await page.reload();
    await expect(
      card.getByText(
        /^(Likely to pass|Could go either way|Not yet likely to pass): \d+% \(\d+–\d+%\), from 40 answers$/,
      ),
    ).toBeVisible();
    await expect(card.getByRole('img', { name: /^Chance of passing \d+%, 95% interval \d+ to \d+%$/ })).toBeVisible();
    // Weakest first. (With one learner the calibration puts the questions everyone got right low on
    // the scale, so oral surgery need not be above the cut: right answers to easy questions say little.)
    const below = card.getByRole('list', { name: 'Topics below the cut' });
    await expect(below.getByRole('listitem').first()).toContainText(
      'Endodontics (20 answers, 0% likely above the cut)',
    );
    await expectFitsWidth(page);
    await expectAccessible(page);

    await card.getByRole('link', { name: 'Practise adaptively' }).first().click();
    await expect(page).toHaveURL(/\/lms-system\/mock-exam\?set=adaptive&topic=Endodontics$/);
    await expect(page.getByRole('heading', { name: 'Adaptive practice: Endodontics' })).toBeVisible();
    // Every endodontics question is answered already: the set says nothing new is left.
    await expect(page.getByText(/Endodontics \d+: which answer is right/)).toHaveCount(0);

    // Yesterday's mistake comes back today. The server's clock is every spec's, so the day passes for
    // one card alone: in the app's database, the first endodontics mistake is made a day older (its
    // last review and its due date), which makes it due now. The other endodontics questions are
    // retired first (as they are at the end), so the date the Reviews card names next is this card's.
    await test.step('a mistake of yesterday reviewed', async () => {
      const [reviewed, ...others] = made.slice(20);
      const retired = await Promise.all(others.map((id) => api.delete(`/exam-questions/${id}`)));
      expect(retired.map((response) => response.status())).toEqual(others.map(() => 204));
      const database = new pg.Client({ connectionString: await workerApp.databaseUrl() });
      await database.connect();
      try {
        const dueOf = async (sql: string, values: unknown[] = []) =>
          (await database.query<{ due: Date }>(sql, [learner.id, reviewed, ...values])).rows[0]?.due.getTime();
        // A minute ago: due now by the server's clock, its last review a day and a minute old.
        const agedDue = await dueOf(
          `UPDATE review_cards SET due = $3, last_review = last_review - (due - $3::timestamptz)
           WHERE user_id = $1 AND question_id = $2 RETURNING due`,
          [new Date(Date.now() - 60_000)],
        );
        expect(agedDue).toBeDefined();

        await page.goto('/lms-system/dashboard');
        await expect(reviews.getByText('1 review due', { exact: true })).toBeVisible();
        await reviews.getByRole('link', { name: 'Review now' }).click();
        await expect(page.getByRole('heading', { name: 'Reviews due' })).toBeVisible();
        await expect(page.getByText('Question 1 of 1', { exact: true })).toBeVisible();
        await expect(
          page.getByRole('heading', { name: /^Ready\S* Endodontics 0: which answer is right/ }),
        ).toBeVisible();
        await page.getByRole('radio', { name: 'Right answer', exact: true }).check();
        await page.getByRole('button', { name: 'Submit Answer' }).click();
        await expect(page.getByText('Correct!', { exact: true })).toBeVisible();
        await page.getByRole('button', { name: 'See summary' }).click();
        await expect(page.getByText('Your score: 1 / 1')).toBeVisible();
        await page.getByRole('link', { name: 'Return to Dashboard' }).click();

        // Remembered a day on, the card waits days this time, not one: the Reviews card names that day.
        await expect(reviews.getByText(/^No reviews due now\. The next comes back \S/)).toBeVisible();
        const nextDue = await dueOf('SELECT due FROM review_cards WHERE user_id = $1 AND question_id = $2');
        expect(nextDue).toBeGreaterThan((agedDue ?? Infinity) + 2 * 86_400_000);
        const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(nextDue);
        await expect(reviews).toContainText(`No reviews due now. The next comes back ${day}.`);
      } finally {
        await database.end();
      }
    });
  } finally {
    for (const id of made) await api.delete(`/exam-questions/${id}`);
    await api.dispose();
  }
});
