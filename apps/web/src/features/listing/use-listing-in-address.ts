import type { Listing } from '@chuhai/contract';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { getListing } from './api/get-listing';

/**
 * A saved listing the address names (`?listing=ID`, as 一键出海's report links to it): fetched once
 * when signed in and handed to `open`; one that cannot be opened says why in `openError`.
 */
export function useListingInAddress(signedIn: boolean, open: (listing: Listing) => void) {
  const [params] = useSearchParams();
  const named = Number(params.get('listing')) || null;
  const opened = useRef<number | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once per listing named, not per render
  useEffect(() => {
    if (!named || !signedIn || named === opened.current) return;
    opened.current = named;
    setOpenError(null);
    getListing(named)
      .then((listing) => {
        if (opened.current === named) open(listing);
      })
      .catch((failure) => {
        if (opened.current === named)
          setOpenError(failure instanceof ApiError ? failure.msg : '打开失败，请稍后再试');
      });
  }, [named, signedIn]);

  return { openError, dismissOpenError: () => setOpenError(null) };
}
