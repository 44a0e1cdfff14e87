import { configure, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExamTimer, PauseControls, PausedPanel, type ExamClock } from './exam-pause.js';

// A loaded machine (CI runs beside the browser tests) may take seconds to render a screen: wait for it, not for a second.
configure({ asyncUtilTimeout: 10_000 });

/*
 * The accommodation profile on the exam's screen (issue 40, decision 029). Pausing and the silent
 * timer's T key are driven in Chromium (e2e/lms-test-centre.spec.ts); the server's clock for breaks
 * in test/lms/exam-pause.test.ts. Here: what a scheduled break offers, and when.
 */

const clock = (change: Partial<ExamClock>): ExamClock => ({
  pauseAllowed: false,
  silentTimer: false,
  breakSeconds: null,
  nextBreakInSeconds: null,
  paused: null,
  ...change,
});

describe('scheduled breaks on the exam screen', () => {
  it('when a break is not due yet, then nothing is offered; once due, "Take a break" asks for a break', () => {
    const onPause = vi.fn();
    const { rerender } = render(
      <PauseControls clock={clock({ breakSeconds: 900, nextBreakInSeconds: 600 })} pending={false} onPause={onPause} />,
    );
    expect(screen.queryByRole('button')).toBeNull();

    rerender(
      <PauseControls clock={clock({ breakSeconds: 900, nextBreakInSeconds: 0 })} pending={false} onPause={onPause} />,
    );
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    expect(onPause).toHaveBeenCalledWith('break');

    // With pausing allowed too, both; while paused, neither.
    rerender(
      <PauseControls
        clock={clock({ pauseAllowed: true, breakSeconds: 900, nextBreakInSeconds: 0 })}
        pending={false}
        onPause={onPause}
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Pause', 'Take a break']);
    rerender(
      <PauseControls
        clock={clock({
          pauseAllowed: true,
          breakSeconds: 900,
          nextBreakInSeconds: 0,
          paused: { kind: 'break', since: '2026-11-28T09:00:00.000Z', breakEndsAt: '2026-11-28T09:15:00.000Z' },
        })}
        pending={false}
        onPause={onPause}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('when on a break, then the screen says until when it stops the clock, and Resume has the focus', () => {
    const breakEndsAt = '2026-11-28T09:15:00.000Z';
    render(
      <PausedPanel
        paused={{ kind: 'break', since: '2026-11-28T09:00:00.000Z', breakEndsAt }}
        pending={false}
        error={null}
        onResume={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Paused' })).toBeTruthy();
    expect(
      screen.getByText(
        `Your break stops the clock until ${new Date(breakEndsAt).toLocaleTimeString()}; after that, the time runs again.`,
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Resume' }));
  });
});

describe('the silent timer', () => {
  it('when T is typed into a text answer, then it is the answer’s letter, not the time; outside a field it says the time left', () => {
    render(
      <>
        <ExamTimer seconds={2 * 3600 + 41 * 60 + 5} silent />
        <label>
          Your answer <input type="text" />
        </label>
      </>,
    );
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Your answer' }), { key: 't' });
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.keyDown(document.body, { key: 'T' });
    expect(screen.getByRole('status').textContent).toBe('2 h 41 min left.');
  });
});
