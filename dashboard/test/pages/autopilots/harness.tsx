import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { theme } from '../../../src/theme';

/** Renders a controlled editor component with its own state, and reads the last value it emitted. */
export function renderControlled<T>(initial: T, editor: (value: T, onChange: (value: T) => void) => ReactNode) {
  const emitted = { current: initial };
  function Harness() {
    const [value, setValue] = useState(initial);
    return editor(value, (next) => {
      emitted.current = next;
      setValue(next);
    });
  }
  render(
    <MantineProvider theme={theme} env="test">
      <Harness />
    </MantineProvider>,
  );
  return emitted;
}
