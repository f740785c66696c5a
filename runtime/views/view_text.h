// How Maui's client commands write times, amounts and JSON, shared by every view
// (runtime/views/view.h). Pure: the clock is the context's, the time zone its offset.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "llvm/Support/JSON.h"
#include "runtime/engine/calendar.h"
#include "runtime/engine/model.h"

namespace maui::runtime {

// A date as Maui prints one: the first 19 characters of ctime() in the site's time zone,
// "Tue Nov 14 22:13:20" (local = epoch + utc_offset).
std::string maui_date(Epoch t, Seconds utc_offset);

// A duration as Maui 3.3.1's clients print one (every view prints durations through it): the
// leading field unpadded unless it is zero, "00:15:00", "1:00:00", "23:59:59", days as
// "1:00:25:29"; a '-' before a negative one ("-00:26:59": a reservation that started that long
// ago); INFINITY for one that does not end (kEndOfTime, or beyond Maui's infinite time).
std::string maui_duration(Seconds s);
// The same for an end time: INFINITY when it is kEndOfTime (or past Maui's infinite time).
std::string maui_time_until(Epoch t, Epoch now);
bool is_endless(Epoch t);

// 12.50 for 1 of 8 (two decimals; 0 of 0 is 0.00).
std::string percent_text(double part, double whole);

// "2" for 2.0, "2.50" otherwise: amounts that are usually whole.
std::string amount_text(double x);

// JSON text, keys sorted, a newline at the end. A view's is compact, on one line (`indent` 0):
// a view of 10,000 jobs is megabytes, and several views make JSON lines; the reports of
// `mauirun priority / fairshare / eligible` (runtime/views/explanation_json.h) and `simulate`
// (runtime/report/simulation_summary.h) indent by 2.
std::string json_text(llvm::json::Value value, unsigned indent = 0);
// A time in JSON: epoch seconds, or null for one that never comes.
llvm::json::Value json_time(Epoch t);
// A duration in JSON: seconds, or null for one that does not end.
llvm::json::Value json_duration(Seconds s);
// A double rounded to 6 decimals (integers stay integers).
llvm::json::Value json_number(double x);

}  // namespace maui::runtime
