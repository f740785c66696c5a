// The page of `mauirun sweep --html` (runtime/sweep/sweep_html.h): the candidates' trade-off
// between utilization and wait, one point each (hover: its settings), the ranking, and the
// chosen candidate's waits per credential against BASE's. Draws the data inlined in
// <script id="sweep-data"> with Apache ECharts, inlined too; nothing is fetched. When the chart
// has drawn, window.mauiReport.ready is true and mauiReport.points counts the points drawn.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('sweep-data').textContent);
  const root = document.getElementById('report');
  const report = { ready: false, charts: {}, points: 0, startedAt: performance.now() };
  window.mauiReport = report;

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const c of children || []) e.appendChild(c);
    return e;
  }
  function clock(seconds) {
    const s = Math.round(Math.abs(seconds));
    return (seconds < 0 ? '-' : '') + Math.floor(s / 3600) + ':' + String(Math.floor(s / 60) % 60).padStart(2, '0') +
      ':' + String(s % 60).padStart(2, '0');
  }
  function settings(c) {
    return Object.entries(c.settings).map(function ([k, v]) { return k + '=' + v; }).join('  ') || '(BASE)';
  }
  function table(head, rows) {
    return el('table', { class: 'metrics' }, [
      el('tr', {}, head.map(function (h) { return el('th', { text: h }); })),
    ].concat(rows.map(function (r) { return el('tr', {}, r.map(function (x) { return el('td', { text: String(x) }); })); })));
  }

  root.appendChild(el('h1', { text: 'mauirun sweep: ' + data.base_config + ' on ' + data.trace }));
  root.appendChild(el('p', { class: 'note', text: data.candidates.length + ' candidates ranked by ' + data.rank_by +
    '; Pareto-optimal ones (no other is as good on every metric and better on one) in red.' +
    (data.failed.length ? ' ' + data.failed.length + ' failed (listed below).' : '') }));

  // The trade-off: utilization against average wait.
  root.appendChild(el('h2', { text: 'Utilization against average wait' }));
  const div = el('div', { class: 'chart tall' });
  root.appendChild(div);
  const chart = echarts.init(div, null, { renderer: 'canvas' });
  report.charts.tradeoff = chart;
  const point = function (c) { return [c.utilization * 100, c.average_wait / 3600, c]; };
  const series = [
    { name: 'candidate', type: 'scatter', symbolSize: 9, itemStyle: { color: '#4e79a7' },
      data: data.candidates.filter(function (c) { return !c.pareto; }).map(point) },
    { name: 'Pareto-optimal', type: 'scatter', symbolSize: 12, itemStyle: { color: '#e15759' },
      data: data.candidates.filter(function (c) { return c.pareto; }).map(point) },
  ];
  if (data.base) series.push({ name: 'BASE', type: 'scatter', symbol: 'diamond', symbolSize: 14,
    itemStyle: { color: '#59a14f' }, data: [point(data.base)] });
  let done = false;
  chart.on('finished', function () {
    if (done) return;
    done = true;
    report.points = series.reduce(function (n, s) { return n + s.data.length; }, 0);
    report.drawnAt = performance.now();
    report.ready = true;
    document.body.setAttribute('data-ready', '1');
  });
  chart.setOption({
    animation: false,
    legend: { top: 0 },
    grid: { left: 70, right: 30, top: 40, bottom: 50 },
    tooltip: { trigger: 'item', formatter: function (p) {
      const c = p.value[2];
      return (c.rank ? '#' + c.rank + ' ' : '') + settings(c).replace(/ {2}/g, '<br>') + '<br>utilization ' +
        p.value[0].toFixed(2) + ' %, average wait ' + clock(c.average_wait) + ', p95 ' + clock(c.p95_wait);
    } },
    xAxis: { type: 'value', name: 'utilization (%)', nameLocation: 'middle', nameGap: 30, scale: true },
    yAxis: { type: 'value', name: 'average wait (hours)', nameLocation: 'middle', nameGap: 50, scale: true },
    series: series,
  });
  report.optionsSetAt = performance.now();

  root.appendChild(el('h2', { text: 'Ranking' }));
  root.appendChild(table(['rank', 'Pareto', 'average wait', 'p95 wait', 'bounded slowdown', 'utilization',
    'worst ' + data.by, 'settings'], data.candidates.map(function (c) {
    return [c.rank, c.pareto ? '*' : '', clock(c.average_wait), clock(c.p95_wait), c.slowdown.toFixed(2),
      (c.utilization * 100).toFixed(2) + ' %', c.worst_name + ' ' + clock(c.worst_wait), settings(c)];
  })));
  if (data.failed.length) {
    root.appendChild(el('h2', { text: 'Failed candidates' }));
    root.appendChild(table(['candidate', 'settings', 'error'], data.failed.map(function (f) {
      return [f.index, settings(f), f.error];
    })));
  }

  if (data.candidates.length && data.base) {
    const chosen = data.candidates[0];
    root.appendChild(el('h2', { text: 'Per ' + data.by + ': the first-ranked candidate against BASE' }));
    root.appendChild(el('p', { class: 'note', text: settings(chosen) }));
    const base = new Map(data.base.credentials.map(function (g) { return [g.name, g]; }));
    root.appendChild(table([data.by, 'jobs', 'average wait (BASE)', 'average wait (chosen)', 'change'],
      chosen.credentials.map(function (g) {
        const b = base.get(g.name);
        const change = b ? clock(g.average_wait - b.average_wait) : 'new';
        return [g.name, g.jobs, b ? clock(b.average_wait) : '-', clock(g.average_wait), change];
      })));
  }
  root.appendChild(el('p', { class: 'note', text: 'Drawn with Apache ECharts ' + echarts.version +
    ' (inlined; this file needs no network).' }));
  window.addEventListener('resize', function () { chart.resize(); });
})();
