// The sweep's HTML report (`mauirun sweep --html`): one self-contained file, like the run report
// (runtime/report/report_html.h), drawn by runtime/report/web/sweep.js. Pure: no I/O.
#pragma once

#include <string>

#include "runtime/sweep/sweep_ranking.h"

namespace maui::runtime {

std::string sweep_html(const SweepRanking& ranking);

// The data the page reads: {"base_config","trace","by","rank_by","base":CANDIDATE|null,
// "candidates":[CANDIDATE...] (ranked), "failed":[{"index","settings","error"}]}, a CANDIDATE
// being {"index","rank","settings","average_wait","p95_wait","slowdown","utilization","pareto",
// "worst_name","worst_wait","credentials":[{"name","jobs","average_wait","p95_wait"}]}.
std::string sweep_html_data(const SweepRanking& ranking);

}  // namespace maui::runtime
