import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { TLoginRequest } from '@coral/core';

export interface LoginFormProps {
  isSubmitting: boolean;
  isSuccess: boolean;
  error: string | null;
  onSubmit: (credentials: TLoginRequest) => void;
  onClearError: () => void;
}

/**
 * Username and password, both required; 'Sign In' ('Signing in...' while busy) is disabled while
 * busy or while either field is empty; the error alert is dismissible and clears on edit.
 */
export function LoginForm({
  isSubmitting,
  isSuccess,
  error,
  onSubmit,
  onClearError,
}: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const errorId = useId();

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (error) onClearError();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username || !password || isSubmitting) return;
    onSubmit({ username, password });
  };

  return (
    <Form onSubmit={handleSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      {error && (
        <Alert id={errorId} variant="danger" dismissible onClose={onClearError}>
          {error}
        </Alert>
      )}
      {isSuccess && (
        <Alert variant="success" role="status">
          Login successful! Redirecting...
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="login-username">
        <Form.Label>Username</Form.Label>
        <Form.Control
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => edit(setUsername)(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-4" controlId="login-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => edit(setPassword)(event.target.value)}
        />
      </Form.Group>
      <Button
        type="submit"
        variant="primary"
        className="w-100"
        disabled={isSubmitting || !username || !password}
      >
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </Form>
  );
}
