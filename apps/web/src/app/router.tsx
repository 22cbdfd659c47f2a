import { CLIENT_ROUTES } from '@coral/core';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { publicConfigQueryOptions } from '@/lib/public-config';
import { ErrorScreen, RootErrorScreen } from './error-screen';
import { RootLayout } from './layout/root-layout';
import { lazyRoute } from './lazy-route';
import * as homeRoute from './routes/home';

/** The pages, by the shared route table (CLIENT_ROUTES, also used by the server). */
export const pageRoutes: RouteObject[] = [
  { index: true, ...homeRoute },
  { path: CLIENT_ROUTES.projects, lazy: lazyRoute(() => import('./routes/projects')) },
  { path: CLIENT_ROUTES.project, lazy: lazyRoute(() => import('./routes/project')) },
  { path: CLIENT_ROUTES.colony, lazy: lazyRoute(() => import('./routes/colony')) },
  { path: CLIENT_ROUTES.datasets, lazy: lazyRoute(() => import('./routes/datasets')) },
  { path: CLIENT_ROUTES.dataset, lazy: lazyRoute(() => import('./routes/dataset')) },
  { path: CLIENT_ROUTES.dataset_version, lazy: lazyRoute(() => import('./routes/dataset')) },
  { path: CLIENT_ROUTES.login, lazy: lazyRoute(() => import('./routes/login')) },
  { path: CLIENT_ROUTES.map, lazy: lazyRoute(() => import('./routes/map')) },
  { path: CLIENT_ROUTES.cart, lazy: lazyRoute(() => import('./routes/cart')) },
  { path: CLIENT_ROUTES.upload, lazy: lazyRoute(() => import('./routes/upload')) },
  { path: CLIENT_ROUTES.uploads, lazy: lazyRoute(() => import('./routes/uploads')) },
  { path: CLIENT_ROUTES.upload_detail, lazy: lazyRoute(() => import('./routes/upload-detail')) },
  { path: CLIENT_ROUTES.ed50, lazy: lazyRoute(() => import('./routes/ed50')) },
  { path: CLIENT_ROUTES.my_datasets, lazy: lazyRoute(() => import('./routes/my-datasets')) },
  { path: CLIENT_ROUTES.review, lazy: lazyRoute(() => import('./routes/review')) },
  { path: CLIENT_ROUTES.snapshot, lazy: lazyRoute(() => import('./routes/snapshot')) },
  { path: CLIENT_ROUTES.cite, lazy: lazyRoute(() => import('./routes/cite')) },
  { path: CLIENT_ROUTES.quality_flags, lazy: lazyRoute(() => import('./routes/quality-flags')) },
  { path: CLIENT_ROUTES.species, lazy: lazyRoute(() => import('./routes/species')) },
  { path: CLIENT_ROUTES.compare, lazy: lazyRoute(() => import('./routes/compare')) },
  { path: '*', lazy: lazyRoute(() => import('./routes/not-found')) },
];

/**
 * The root reads the public configuration before the first screen; a failure there, or in any
 * page, shows 'Unexpected Application Error!' (inside the layout when the layout could render).
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      loader: () => queryClient.ensureQueryData(publicConfigQueryOptions()),
      shouldRevalidate: () => false,
      // The layout draws the navbar's shell while the app starts (see RootLayout).
      HydrateFallback: RootLayout,
      ErrorBoundary: RootErrorScreen,
      Component: RootLayout,
      children: [{ ErrorBoundary: ErrorScreen, children: pageRoutes }],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
