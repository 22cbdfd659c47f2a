import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { TStatistics } from '@coral/core';

function Home() {
  const [statistics, setStatistics] = useState<TStatistics | null>(null);
  useEffect(() => {
    void fetch('/api/public/statistics/')
      .then((response) => (response.ok ? (response.json() as Promise<TStatistics>) : null))
      .then(setStatistics);
  }, []);
  return (
    <main>
      <h1>Coral Thermal Tolerance</h1>
      <p>
        {statistics
          ? `${statistics.coral_colonies} coral colonies in ${statistics.research_projects} projects`
          : 'Loading...'}
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Home />
  </StrictMode>,
);
