// A QR code drawn locally (the `qrcode` package, loaded on first use) so it works offline.
import { useEffect, useState } from 'react';

interface Props {
  value: string;
  label: string;
  size?: number;
}

export function QrImage({ value, label, size = 320 }: Props) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((out) => {
        if (live) setSvg(out);
      })
      .catch(() => {
        if (live) setSvg(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return <div className="org-qr org-qr--empty" style={{ width: size, height: size }} />;
  return (
    <img
      className="org-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={size}
      height={size}
    />
  );
}
