import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NEW_PASSWORD_MIN_LENGTH } from '../../contracts/password-rules.js';
import { Button } from './button.js';
import { NewPasswordField, TextField } from './field.js';
import { emptiedIfUnchanged, Form } from './form.js';

/** A form as the sign-up screens build it: the shared Form and fields, the browser's own constraints. */
function renderSignUp() {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <Form onSubmit={onSubmit} aria-label="Create your account">
      <TextField label="Full name" name="name" required maxLength={200} />
      <TextField label="Email" name="email" type="email" required />
      <NewPasswordField label="Password" name="password" />
      <Button type="submit">Create account</Button>
    </Form>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('a form of the shared Form and fields', () => {
  it("explains every missing field under it in the app's words, focuses the first and sends nothing", async () => {
    const { onSubmit, user } = renderSignUp();

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Please enter the full name.')).toBeTruthy();
    expect(screen.getByText('Please enter the email.')).toBeTruthy();
    expect(screen.getByText('Please enter the password.')).toBeTruthy();
    const name = screen.getByLabelText('Full name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter the full name.').id).toBe(name.getAttribute('aria-describedby'));
  });

  it('says what is wrong with a value, and the sentence follows what is typed', async () => {
    const { onSubmit, user } = renderSignUp();
    await user.type(screen.getByLabelText('Full name'), 'Ананья شرما प्रिया');
    await user.type(screen.getByLabelText('Email'), 'ananya@');
    await user.type(screen.getByLabelText('Password'), 'short');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText(`Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters.`)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    await user.type(screen.getByLabelText('Email'), 'example.org');
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();

    await user.type(screen.getByLabelText('Password'), ' and long enough ٣٤٥');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/must be at least/)).toBeNull();
  });
});

/** An add form as the admin screens build it: the save answers when the test says so. */
function AddForm({ save }: { save: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  return (
    <Form
      aria-label="Add a document"
      onSubmit={(event) => {
        event.preventDefault();
        void save(name).then(() => setName(emptiedIfUnchanged(name, '')));
      }}
    >
      <TextField label="Document name" value={name} onChange={(event) => setName(event.target.value)} />
      <Button type="submit">Add</Button>
    </Form>
  );
}

describe('a form emptied after its entry is saved', () => {
  function renderAddForm() {
    let answer: () => void = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<AddForm save={save} />);
    return {
      save,
      answer: () => answer(),
      user: userEvent.setup(),
      field: screen.getByLabelText<HTMLInputElement>('Document name'),
    };
  }

  it('when the save answers, then the field is emptied for the next entry', async () => {
    const { save, answer, user, field } = renderAddForm();
    await user.type(field, 'Passport copy');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(save).toHaveBeenCalledWith('Passport copy');
    answer();
    await vi.waitFor(() => expect(field.value).toBe(''));
  });

  it('when the next entry is typed before the save answers, then it is kept', async () => {
    const { answer, user, field } = renderAddForm();
    await user.type(field, 'Passport copy');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.clear(field);
    await user.type(field, 'Old certificate');
    answer();
    // The save's callback has run once the microtasks after it have.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(field.value).toBe('Old certificate');
  });
});
