import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BASENAME, queryClient } from './App';
import { preloadPage } from './routes';

preloadPage(location.pathname.slice(BASENAME.length) || '/', queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
