// The files the HTML report inlines, compiled into the program at build time
// (runtime/report/CMakeLists.txt): the charting library and the page's own script and style.
#pragma once

#include <string_view>

namespace maui::runtime::report_assets {

std::string_view charting_library();  // Apache ECharts, dist/echarts.min.js of the pinned release
std::string_view page_script();       // runtime/report/web/report.js
std::string_view page_style();        // runtime/report/web/report.css
std::string_view sweep_script();      // runtime/report/web/sweep.js (runtime/sweep/sweep_html.h)

}  // namespace maui::runtime::report_assets
