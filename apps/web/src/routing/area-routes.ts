import {
  createRoute,
  type AnyRoute,
  type AnyValidator,
  type ParsedLocation,
  type RouteComponent,
} from '@tanstack/react-router';
import type { Role } from '@courier/domain/auth/roles';
import { deferredScreen } from '@/routing/deferred-screen.tsx';
import { guarded, redirectIndex } from '@/routing/guards.ts';
import { rememberedSearch } from '@/routing/remembered-search.ts';
import { SectionNotFound } from '@/routing/section-not-found.tsx';

// The route shapes every area's routes.tsx repeats, so each area states only its paths, names and screens.

/**
 * What a screen route shows: a component, and a loader that starts the screen's data at navigation
 * (alongside its code: see routing/start-query.ts), or for a placeholder names it.
 */
interface Screen {
  component?: RouteComponent;
  loader?: (match: { location: ParsedLocation }) => unknown;
}

/** The screen with its component drawn in the background lane (deferred-screen.tsx). */
function withDeferredComponent<T extends Screen>(screen: T): T {
  return screen.component ? { ...screen, component: deferredScreen(screen.component) } : screen;
}

/**
 * An area's top route under the shell: named for the header's section, open to the area's roles; its
 * component, if any, is the section's layout around its screens.
 */
export function areaRoute<TParent extends AnyRoute, const TPath extends string>(
  parent: TParent,
  {
    path,
    name,
    section,
    roles,
    ...screen
  }: { path: TPath; name: string; section: string; roles: readonly Role[] } & Screen,
) {
  return createRoute({
    getParentRoute: () => parent,
    path,
    staticData: { name, section },
    beforeLoad: guarded(roles),
    // Refused roles and unknown paths inside a section are answered here, inside the shell.
    notFoundComponent: SectionNotFound,
    ...withDeferredComponent(screen),
  });
}

/**
 * An area that is a single screen (/reviews, /addresses): the screen is the area's index, so a longer
 * path (/reviews/5) is answered by the area's not-found screen inside the shell. As the area's own
 * component, the screen matched such a path and showed as if nothing were wrong. The screen's search
 * params (`validateSearch`: a list's page) belong to the index, the route whose screen reads them.
 */
export function screenAreaRoute<
  TParent extends AnyRoute,
  const TPath extends string,
  TSearchValidator extends AnyValidator | undefined = undefined,
>(
  parent: TParent,
  {
    component,
    loader,
    validateSearch,
    ...area
  }: Parameters<typeof areaRoute<TParent, TPath>>[1] & { validateSearch?: TSearchValidator },
) {
  const top = areaRoute(parent, area);
  return top.addChildren([screenRoute(top, { path: '/', name: area.name, validateSearch, component, loader })]);
}

/** The index of a section: it sends the user on to the section's default screen. */
function indexRoute<TParent extends AnyRoute>(parent: TParent, to: string) {
  return createRoute({ getParentRoute: () => parent, path: '/', beforeLoad: redirectIndex(to) });
}

/**
 * An area with several screens: its top route, an index that sends the user on to `index`, and the
 * screens `screens` builds under the top route.
 */
export function sectionRoutes<
  TParent extends AnyRoute,
  const TPath extends string,
  const TScreens extends readonly AnyRoute[],
>(
  parent: TParent,
  { index, ...options }: Parameters<typeof areaRoute<TParent, TPath>>[1] & { index: string },
  screens: (section: ReturnType<typeof areaRoute<TParent, TPath>>) => TScreens,
) {
  const section = areaRoute(parent, options);
  return section.addChildren([indexRoute(section, index), ...screens(section)]);
}

/** A screen inside a section; `roles` narrows it further than the section's own guard. */
export function screenRoute<
  TParent extends AnyRoute,
  const TPath extends string,
  TSearchValidator extends AnyValidator | undefined = undefined,
>(
  parent: TParent,
  {
    path,
    name,
    roles,
    validateSearch,
    ...screen
  }: { path: TPath; name: string; roles?: readonly Role[]; validateSearch?: TSearchValidator } & Screen,
) {
  return createRoute({
    getParentRoute: () => parent,
    path,
    staticData: { name },
    ...(roles && { beforeLoad: guarded(roles) }),
    validateSearch: rememberedSearch(validateSearch),
    ...withDeferredComponent(screen),
  });
}
