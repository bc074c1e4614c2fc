import { useEffect, useState } from 'react';
import type { ServiceInfo } from '../../../api/service-info';
import { servedBy } from '../../shared/served-by';

export type ServiceInfoState = { loading: true; info: null } | { loading: false; info: ServiceInfo | null };

// Asked once per page load (../../shared/served-by): the server does not change while it is open.
let answer: ServiceInfoState = { loading: true, info: null };

/** The Node server this page came from (null: a static host, Vite's dev server, or offline). */
export function useServiceInfo(): ServiceInfoState {
  const [state, setState] = useState(answer);
  useEffect(() => {
    if (!answer.loading) return;
    let live = true;
    servedBy().then((info) => {
      answer = { loading: false, info };
      if (live) setState(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
