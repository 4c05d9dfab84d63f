import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateSpending } from '../account/spending';
import {
  actOnJob,
  type JobAction,
  type JobRoutes,
  type JobSummary,
  jobDetailQueryOptions,
} from './job-routes';

/**
 * The figures that follow a job that charges as it delivers: today's uses each time another item
 * is done and when the job stops running (done, paused for want of uses, cancelled), and the job
 * list once when it stops. Also on first sight of a stopped job: it may have ended while the page
 * was elsewhere. From effects, so the query that polls the job only reads.
 */
function useFiguresFollowJob(routes: JobRoutes, job: JobSummary | undefined) {
  const client = useQueryClient();
  const status = job?.status;
  const done = job?.counts.done ?? 0;
  useEffect(() => {
    if (status === undefined) return;
    if (status !== 'running' || done > 0) void invalidateSpending(client);
  }, [status, done, client]);
  const stopped = status !== undefined && status !== 'running';
  useEffect(() => {
    if (stopped) void client.invalidateQueries({ queryKey: routes.listKey });
  }, [stopped, client, routes]);
}

/** A job and its items, polled while it runs; today's uses and the job list follow it. */
export function useJob<Detail extends { job: JobSummary }>(routes: JobRoutes, id: number) {
  const query = useQuery(jobDetailQueryOptions<Detail>(routes, id));
  useFiguresFollowJob(routes, query.data?.job);
  return query;
}

/**
 * Pause, resume or cancel. Pending until the job is asked again, so the buttons change with the
 * job's new state and a second click cannot act on the old one.
 */
export function useJobAction(routes: JobRoutes) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: JobAction }) => actOnJob(routes, id, action),
    onSuccess: (_, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: routes.jobKey(id) }),
        client.invalidateQueries({ queryKey: routes.listKey }),
      ]),
  });
}
