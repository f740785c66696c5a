// The views behind render_view (runtime/views/view.h), one per client command, each in its own
// file: the command's arguments already read (runtime/views/view_args.h), an answer out.
#pragma once

#include "runtime/views/view.h"
#include "runtime/views/view_args.h"

namespace maui::runtime {

struct ViewInput {
  const ViewContext& context;
  const ViewRequest& request;
  const ParsedArgs& args;
};

// What each command takes (view.cc reads the arguments against it before calling the view).
const ArgSpec& showq_args();
const ArgSpec& checkjob_args();
const ArgSpec& showres_args();
const ArgSpec& showbf_args();
const ArgSpec& showstart_args();
const ArgSpec& diagnose_args();
const ArgSpec& showconfig_args();
const ArgSpec& checknode_args();

ViewAnswer showq(const ViewInput& in);       // showq.cc
ViewAnswer checkjob(const ViewInput& in);    // checkjob.cc
ViewAnswer showres(const ViewInput& in);     // reservations_view.cc
ViewAnswer showbf(const ViewInput& in);      // showbf.cc
ViewAnswer showstart(const ViewInput& in);   // showstart.cc
ViewAnswer diagnose(const ViewInput& in);    // diagnose.cc (-f -j), and the files of the others
ViewAnswer showconfig(const ViewInput& in);  // showconfig.cc
ViewAnswer checknode(const ViewInput& in);   // checknode.cc

// diagnose's sections with files of their own.
ViewAnswer diagnose_priority(const ViewInput& in);      // -p, diagnose_priority.cc
ViewAnswer diagnose_reservations(const ViewInput& in);  // -r, reservations_view.cc
ViewAnswer diagnose_qos(const ViewInput& in);           // -q, diagnose_qos.cc
ViewAnswer diagnose_limits(const ViewInput& in);        // -l, diagnose_limits.cc

// An answer with status Ok and the view's text or JSON.
inline ViewAnswer answer(std::string out) { return {ViewStatus::Ok, std::move(out), {}}; }
inline ViewAnswer refuse(ViewStatus status, std::string err) { return {status, {}, std::move(err)}; }

}  // namespace maui::runtime
