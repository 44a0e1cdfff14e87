import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../server/platform/tokens.js';
import { createTestClock } from '../test-app.js';

describe('token verification, remembered between requests', () => {
  const secret = 'a-test-secret-of-at-least-thirty-two-characters';

  it('when a token verified before expires, then it is refused, not answered from memory', async () => {
    const clock = createTestClock();
    const tokens = createTokenService(secret, clock);
    const token = await tokens.sign({ sub: '7' }, 'lms', 60);
    expect((await tokens.verify(token, 'lms')).sub).toBe('7');
    expect((await tokens.verify(token, 'lms')).sub).toBe('7');
    clock.advance(61_000);
    await expect(tokens.verify(token, 'lms')).rejects.toMatchObject({
      statusCode: 401,
      message: 'Your session has expired, please sign in again',
    });
  });

  it('when a token verified for one audience is shown to the other, then it is refused', async () => {
    const tokens = createTokenService(secret, createTestClock());
    const token = await tokens.sign({ sub: '7' }, 'lms', 60);
    await tokens.verify(token, 'lms');
    await expect(tokens.verify(token, 'caseadmin')).rejects.toMatchObject({
      statusCode: 401,
      message: 'Invalid token',
    });
  });

  it('when a verified token is altered by one character, then it is refused', async () => {
    const tokens = createTokenService(secret, createTestClock());
    const token = await tokens.sign({ sub: '7' }, 'caseadmin', 60);
    await tokens.verify(token, 'caseadmin');
    const altered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    await expect(tokens.verify(altered, 'caseadmin')).rejects.toMatchObject({ statusCode: 401 });
  });
});
