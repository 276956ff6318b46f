import { toString as qrSvg } from "qrcode";
import { useEffect, useState } from "react";

/**
 * A QR code of an address. qrcode draws an SVG string; it is shown through an <img> with a data
 * URL, never inserted as markup, so nothing in it can run.
 */
export function AddressQr({ address }: { address: string }) {
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void qrSvg(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [address]);
  return src ? <img className="qr" src={src} alt={`QR code of ${address}`} width={160} height={160} data-testid="address-qr" /> : <div className="qr" aria-busy="true" />;
}
