package factory

import (
	"reflect"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/promcp"
)

// A filter over a vocabulary never empties a search: a value that names no
// stored value, or several, is dropped with a warning filter_dropped
// (kinds/filter). What a model concludes from the result must still be
// true, so the factory makes the drop impossible to miss:
//
//   - a call that goes ahead carries the drops in Result.Dropped, which a
//     read result (promcp.Read) gets as its dropped_filters, its quality
//     no longer good, and which factory/mcp puts first in the text, before
//     the result;
//   - a call refused for any other argument lists each drop among its
//     issues, as the ask it would have been, so that one corrected call
//     fixes everything;
//   - a do call never goes ahead without a filter it was sent: a dropped
//     filter there would widen the change to values the caller did not
//     name, so it is an issue too.

// isDrop reports whether a warning is a dropped filter that carries the
// ask it would have been.
func isDrop(w agentinput.Remark) bool {
	return w.Code == string(agentinput.WarningFilterDropped) && w.Ask != nil
}

// dropsAsIssues moves the dropped filters among res's warnings to issues:
// the warnings without them (the results they speak of will not exist),
// and the issues, each the ask its filter value would have been, at its
// path.
func dropsAsIssues(warnings []agentinput.Remark) ([]agentinput.Remark, []agentinput.Issue) {
	var issues []agentinput.Issue
	for _, w := range warnings {
		if isDrop(w) {
			issues = append(issues, agentinput.Issue{Path: w.Path, Ask: *w.Ask})
		}
	}
	if len(issues) == 0 {
		return warnings, nil
	}
	rest := make([]agentinput.Remark, 0, len(warnings)-len(issues))
	for _, w := range warnings {
		if !isDrop(w) {
			rest = append(rest, w)
		}
	}
	return rest, issues
}

// droppedFilters are the dropped filters among warnings, as a read result
// carries them; nil when there is none.
func droppedFilters(warnings []agentinput.Remark) []promcp.DroppedFilter {
	var out []promcp.DroppedFilter
	for _, w := range warnings {
		if !isDrop(w) {
			continue
		}
		d := promcp.DroppedFilter{Property: topProperty(w.Path), Path: w.Path, Received: w.Ask.Received,
			MayMean: make([]promcp.Meaning, 0, len(w.Ask.Readings)), Message: w.Message}
		if len(d.Received) == 0 {
			d.Received = []byte("null")
		}
		for _, r := range w.Ask.Readings {
			d.MayMean = append(d.MayMean, promcp.Meaning{Value: r.Value, Meaning: r.Meaning})
		}
		out = append(out, d)
	}
	return out
}

// topProperty is the argument a JSON Pointer starts in: "/court" and
// "/filters/court" are in court and filters.
func topProperty(path string) string {
	first, _, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	return strings.ReplaceAll(strings.ReplaceAll(first, "~1", "/"), "~0", "~")
}

// narrowed is a handler's output carrying the call's dropped filters when
// it is a read result that can (promcp.Narrowed), and as it is otherwise.
func narrowed(out any, dropped []promcp.DroppedFilter) any {
	if len(dropped) == 0 {
		return out
	}
	if v := reflect.ValueOf(out); v.Kind() == reflect.Pointer && v.IsNil() {
		return out
	}
	if n, ok := out.(promcp.Narrowed); ok {
		return n.WithDroppedFilters(dropped)
	}
	return out
}
