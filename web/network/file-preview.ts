import { useCallback, useEffect, useRef, useState } from 'react';

/** A chosen file with an object URL to preview it; the URL is revoked when replaced or on unmount. */
export function useFilePreview() {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const current = useRef<string | null>(null);
  const choose = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const url = file ? URL.createObjectURL(file) : null;
    current.current = url;
    setChosen(file && url ? { file, url } : null);
  }, []);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );
  return { file: chosen?.file ?? null, url: chosen?.url ?? null, choose };
}
