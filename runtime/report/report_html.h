// The HTML report: one self-contained file that works offline. The charting library (Apache
// ECharts, vendored at build time), the page's script and style, and the data are all inlined;
// the page asks the network for nothing. A function of the data alone, no I/O: `mauirun report`
// writes it to a file, the daemon can serve it.
#pragma once

#include <string>
#include <string_view>

#include "runtime/report/report_data.h"

namespace maui::runtime {

std::string render_report_html(const ReportData& data);

// The page around any report's data: the charting library and the style inlined, `data_json` in
// <script type="application/json" id=DATA_ID>, then `page_script`, which draws it. Its Content
// Security Policy lets it fetch nothing, or with `asks_its_data` only from where it came from
// (the live page's data.json).
std::string html_page(std::string_view title, std::string_view data_id, std::string_view data_json,
                      std::string_view page_script, bool asks_its_data = false);

// The data as the page reads it (docs/report.md): columns of integers, names listed once.
std::string report_data_json(const ReportData& data);

}  // namespace maui::runtime
