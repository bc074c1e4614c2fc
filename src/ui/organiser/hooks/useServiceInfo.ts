import { useEffect, useState } from 'react';
import { type ServiceInfo, fetchServiceInfo } from '../../../api/service-info';

export type ServiceInfoState = { loading: true; info: null } | { loading: false; info: ServiceInfo | null };

// Asked once per page load: which server served the page does not change while it is open.
let asked: Promise<ServiceInfo | null> | null = null;
let answer: ServiceInfoState = { loading: true, info: null };

/** The Node server this page came from (null: a static host, Vite's dev server, or offline). */
export function useServiceInfo(): ServiceInfoState {
  const [state, setState] = useState(answer);
  useEffect(() => {
    if (!answer.loading) return;
    asked ??= fetchServiceInfo(location.origin, (request) => fetch(request));
    let live = true;
    asked.then((info) => {
      answer = { loading: false, info };
      if (live) setState(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
