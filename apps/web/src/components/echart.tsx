import { Center, Loader } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';
import { useTheme } from '@/lib/theme-store';
import type { echarts as EChartsNamespace } from './echarts-core';

type ECharts = typeof EChartsNamespace;
type Instance = ReturnType<ECharts['init']>;

let loading: Promise<ECharts> | null = null;
const loadECharts = () => (loading ??= import('./echarts-core').then((m) => m.echarts));

interface Props {
  option: EChartsCoreOption;
  height?: number | string;
  /** Accessible description of what the chart shows. */
  label: string;
  testId?: string;
}

/**
 * A chart (ECharts, loaded on first use, SVG renderer). Follows the skin: re-created in the dark
 * theme when the skin is dark; resizes with its container.
 */
export function EChart({ option, height = 240, label, testId }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const skin = useTheme((s) => s.skin);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const dark = skin === 'dark';

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    loadECharts().then(
      (echarts) => {
        if (disposed || !ref.current) return;
        chart.current = echarts.init(ref.current, dark ? 'dark' : undefined, { renderer: 'svg' });
        setReady(true);
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(ref.current);
      },
      () => setFailed(true),
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, [dark]);

  useEffect(() => {
    if (ready) chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [ready, option]);

  return (
    <div
      style={{ position: 'relative', height, width: '100%' }}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <div ref={ref} style={{ position: 'absolute', inset: 0 }} />
      {!ready && (
        <Center pos="absolute" inset={0}>
          {failed ? null : <Loader size="sm" />}
        </Center>
      )}
    </div>
  );
}
