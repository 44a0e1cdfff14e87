import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from './routing.js';
import { describe, expect, it, vi } from 'vitest';
import { AreaRoutes } from '../router.js';
import { lazyPage } from '../ui/lazy-page.js';
import { refetchUnlessPrefetched, type RouteData } from './route-data.js';

/** A deferred promise: the test says when a chunk or an answer arrives. */
function later<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * An area with one course page at /courses/:id: its code arrives when the test says, and the
 * course (in Arabic) when the test says; the page reads it with the same options its route declares.
 */
function courseArea(signedIn: boolean) {
  const chunk = later<{ default: () => React.JSX.Element }>();
  const answer = later<{ title: string }>();
  const fetchCourse = vi.fn((id: number) => answer.promise.then((course) => ({ ...course, id })));
  const courseQuery = (id: number) => queryOptions({ queryKey: ['course', id], queryFn: () => fetchCourse(id) });
  function CoursePage() {
    const course = useQuery(courseQuery(7));
    return <h1>{course.data ? course.data.title : 'Loading course...'}</h1>;
  }
  const data: RouteData = async ({ params }) => (signedIn ? [courseQuery(Number(params.id))] : []);
  const routes: RouteObject[] = [{ path: '/courses/:id', handle: { data }, element: lazyPage(() => chunk.promise) }];
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnMount: refetchUnlessPrefetched } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/courses/7']}>
        <AreaRoutes routes={routes} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, chunk, answer, fetchCourse, CoursePage };
}

describe("a route's data", () => {
  it('is asked for while the page’s code downloads, and the page uses that answer instead of asking again', async () => {
    const { chunk, answer, fetchCourse, CoursePage } = courseArea(true);
    await vi.waitFor(() => expect(fetchCourse).toHaveBeenCalledWith(7));
    // The page's code has not arrived yet.
    expect(screen.getByText(/Loading/)).toBeTruthy();

    answer.resolve({ title: 'التغذية السريرية للأطفال' });
    chunk.resolve({ default: CoursePage });
    expect(await screen.findByRole('heading', { name: 'التغذية السريرية للأطفال' })).toBeTruthy();
    expect(fetchCourse).toHaveBeenCalledTimes(1);
  });

  it('is asked for once even when the code comes first: the page waits for the request under way', async () => {
    const { chunk, answer, fetchCourse, CoursePage } = courseArea(true);
    await vi.waitFor(() => expect(fetchCourse).toHaveBeenCalled());
    chunk.resolve({ default: CoursePage });
    expect(await screen.findByRole('heading', { name: 'Loading course...' })).toBeTruthy();
    answer.resolve({ title: 'पोषण की मूल बातें' });
    expect(await screen.findByRole('heading', { name: 'पोषण की मूल बातें' })).toBeTruthy();
    expect(fetchCourse).toHaveBeenCalledTimes(1);
  });

  it('is not asked for a visitor who is not signed in; the page asks for itself', async () => {
    const { chunk, answer, fetchCourse, CoursePage } = courseArea(false);
    chunk.resolve({ default: CoursePage });
    expect(await screen.findByRole('heading', { name: 'Loading course...' })).toBeTruthy();
    expect(fetchCourse).toHaveBeenCalledTimes(1);
    answer.resolve({ title: 'Wound care' });
    expect(await screen.findByRole('heading', { name: 'Wound care' })).toBeTruthy();
  });

  it('is asked for again on mount once invalidated', async () => {
    const { client, answer, fetchCourse } = courseArea(true);
    answer.resolve({ title: 'Wound care' });
    await vi.waitFor(() => expect(client.getQueryData(['course', 7])).toBeDefined());
    const query = client.getQueryCache().find({ queryKey: ['course', 7] });
    if (!query) throw new Error('the prefetched course is missing from the cache');
    expect(refetchUnlessPrefetched(query)).toBe(false);
    await client.invalidateQueries({ queryKey: ['course', 7], refetchType: 'none' });
    expect(refetchUnlessPrefetched(query)).toBe(true);
    expect(fetchCourse).toHaveBeenCalledTimes(1);
  });
});
