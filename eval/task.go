package eval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"agentinput.dev/agentinput"
	"agentinput.dev/factory"
	fmcp "agentinput.dev/factory/mcp"
	"agentinput.dev/factory/reply"
)

// A task corpus holds what users ask, each with its true answer, and the
// calls two scripted models make for it: a careful one, which sends the
// canonical values, and a hurried one, which copies the user's spellings
// into its first call. Each policy runs every task through the real tools
// and reads its answer from what the tools return; the report counts the
// wrong answers (a model concluded what is not so) and the calls each
// task took (docs/eval.md, "Tasks").

// Task is one line of a task corpus.
type Task struct {
	Line int `json:"-"`
	// ID names the task; Lang is the language the user writes in (cs, sk,
	// de, en), User what the user wrote.
	ID   string `json:"id"`
	Lang string `json:"lang"`
	User string `json:"user"`
	// Steps are the calls the task takes, in order; the answer is read
	// from the last one's result.
	Steps []TaskStep `json:"steps"`
	// Answer says what the answer is: AnswerCount, AnswerIDs, AnswerAllIDs
	// or AnswerTags.
	Answer string `json:"answer"`
	// Truth is the true answer: a count, a list of ids, or a list of tags.
	Truth json.RawMessage `json:"truth"`
	// Known are the outcomes other than right that a policy is known to
	// reach on this task, and why: the run fails when a task's outcome is
	// not the one expected (right, or the known one).
	Known map[Policy]Known `json:"known,omitempty"`
}

// TaskStep is one call of a task: the tool, and the arguments each
// policy sends first.
type TaskStep struct {
	Tool    string          `json:"tool"`
	Careful json.RawMessage `json:"careful"`
	Hurried json.RawMessage `json:"hurried"`
}

// Known is an outcome a policy is known to reach, and why.
type Known struct {
	Outcome TaskOutcome `json:"outcome"`
	Why     string      `json:"why"`
}

// What a task's answer is.
const (
	// AnswerCount is the total of a read_decisions page.
	AnswerCount = "count"
	// AnswerIDs are the ids of a read_decisions page, in order.
	AnswerIDs = "ids"
	// AnswerAllIDs are the ids of every page, the next_cursor followed to
	// the end, in order.
	AnswerAllIDs = "all_ids"
	// AnswerTags are the tags of a read_decision result, in any order.
	AnswerTags = "tags"
)

// Policy is a scripted model.
type Policy string

// The two policies.
const (
	// Careful sends the canonical values, follows every ask by its first
	// reading or its hint, and reads every warning.
	Careful Policy = "careful"
	// Hurried copies the user's spellings into its first call, fixes
	// exactly what an ask names using its first reading or the first
	// value its hint spells, accepts the first result that is not an
	// error, and reads a warning only when the text starts with it.
	Hurried Policy = "hurried"
)

// Policies lists the policies in report order.
var Policies = []Policy{Careful, Hurried}

// TaskOutcome is how a task ended under a policy.
type TaskOutcome string

// The outcomes of a task.
const (
	// Right: the answer the policy read is the true one.
	Right TaskOutcome = "right"
	// WrongAnswer: the policy read an answer, and it is not true.
	WrongAnswer TaskOutcome = "wrong"
	// Unanswered: the policy gave up (an ask or a warning it could not
	// act on, or the call budget spent); it concluded nothing.
	Unanswered TaskOutcome = "unanswered"
)

// MaxTaskCalls bounds the calls of one step (and of each page after the
// first) until a result the policy accepts.
const MaxTaskCalls = 8

// IsTasks reports whether a corpus holds tasks: its first line that is
// neither blank nor a comment has "user".
func IsTasks(corpus []byte) bool {
	for line := range bytes.Lines(corpus) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' || bytes.HasPrefix(line, []byte("//")) {
			continue
		}
		var probe map[string]json.RawMessage
		if json.Unmarshal(line, &probe) != nil {
			return false
		}
		_, ok := probe["user"]
		return ok
	}
	return false
}

// LoadTasks reads a JSONL task corpus. Blank lines and lines starting with
// # or // are skipped.
func LoadTasks(r io.Reader) ([]Task, error) {
	var out []Task
	ids := map[string]bool{}
	err := eachLine(r, func(n int, line []byte) error {
		var t Task
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&t); err != nil {
			return err
		}
		switch {
		case t.ID == "" || ids[t.ID]:
			return fmt.Errorf("the task id %q is empty or repeated", t.ID)
		case t.User == "" || len(t.Steps) == 0:
			return errors.New("a task needs the user's words and at least one step")
		case !slices.Contains([]string{AnswerCount, AnswerIDs, AnswerAllIDs, AnswerTags}, t.Answer):
			return fmt.Errorf("answer %q is not count, ids, all_ids or tags", t.Answer)
		case len(t.Truth) == 0:
			return errors.New("a task needs its truth")
		}
		for p, k := range t.Known {
			if !slices.Contains(Policies, p) || (k.Outcome != WrongAnswer && k.Outcome != Unanswered) || k.Why == "" {
				return fmt.Errorf("known %q: a policy, the outcome wrong or unanswered, and why", p)
			}
		}
		for i, s := range t.Steps {
			for _, args := range []json.RawMessage{s.Careful, s.Hurried} {
				if _, ok := objectArgs(args); !ok {
					return fmt.Errorf("step %d: the arguments of each policy are a JSON object", i+1)
				}
			}
		}
		ids[t.ID] = true
		t.Line = n
		out = append(out, t)
		return nil
	})
	return out, err
}

// TaskCaller makes one call and returns what an MCP client sees of it:
// content, structured content and _meta. InProcess calls factory tools,
// rendered as factory/mcp renders them; an *sdk.ClientSession calls a
// server (MCPTasks).
type TaskCaller interface {
	CallTool(ctx context.Context, tool string, arguments json.RawMessage) (*sdk.CallToolResult, error)
}

// InProcess is a TaskCaller over factory tools, each result rendered by
// factory/mcp.Result, as a server sends it.
type InProcess map[string]*factory.Tool

// CallTool calls the tool.
func (m InProcess) CallTool(ctx context.Context, tool string, arguments json.RawMessage) (*sdk.CallToolResult, error) {
	t := m[tool]
	if t == nil {
		return nil, fmt.Errorf("no tool %q", tool)
	}
	return fmcp.Result(t.Call(ctx, arguments)), nil
}

// MCPTasks is a TaskCaller over an MCP client session.
type MCPTasks struct{ Session *sdk.ClientSession }

// CallTool calls the tool over the session.
func (m MCPTasks) CallTool(ctx context.Context, tool string, arguments json.RawMessage) (*sdk.CallToolResult, error) {
	return m.Session.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: arguments})
}

// TaskCall is one call a policy made.
type TaskCall struct {
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	// Error is true for an error result; Lead is the first line of the
	// result's text.
	Error bool   `json:"error"`
	Lead  string `json:"lead"`
}

// TaskRun is how one task went under one policy.
type TaskRun struct {
	ID      string          `json:"id"`
	Policy  Policy          `json:"policy"`
	Outcome TaskOutcome     `json:"outcome"`
	Answer  json.RawMessage `json:"answer,omitempty"`
	Truth   json.RawMessage `json:"truth"`
	// Why says why a task was not answered right.
	Why string `json:"why,omitempty"`
	// Expected is the outcome the corpus expects (right, or its known
	// one); Unexpected is true when the outcome differs.
	Expected   TaskOutcome `json:"expected"`
	Unexpected bool        `json:"unexpected"`
	Calls      []TaskCall  `json:"calls"`
}

// RunTasks runs every task under policy through caller, in corpus order.
// Do tasks change the store: give each policy a fresh server (or fresh
// tools), so that neither sees the other's writes.
func RunTasks(ctx context.Context, caller TaskCaller, tasks []Task, policy Policy) ([]TaskRun, error) {
	var out []TaskRun
	for _, t := range tasks {
		r, err := runTask(ctx, caller, t, policy)
		if err != nil {
			return nil, fmt.Errorf("task %s: %v", t.ID, err)
		}
		r.Expected = Right
		if k, ok := t.Known[policy]; ok {
			r.Expected = k.Outcome
		}
		r.Unexpected = r.Outcome != r.Expected
		out = append(out, r)
	}
	return out, nil
}

// errGaveUp ends a task unanswered: the policy could not act on what it
// was told.
type errGaveUp struct{ why string }

func (e errGaveUp) Error() string { return e.why }

func runTask(ctx context.Context, caller TaskCaller, t Task, policy Policy) (TaskRun, error) {
	r := TaskRun{ID: t.ID, Policy: policy, Truth: t.Truth}
	var last *sdk.CallToolResult
	var lastArgs map[string]any
	for i, s := range t.Steps {
		first := s.Careful
		if policy == Hurried {
			first = s.Hurried
		}
		args, _ := objectArgs(first)
		res, used, err := settle(ctx, caller, s.Tool, args, policy, &r)
		var gaveUp errGaveUp
		if errors.As(err, &gaveUp) {
			r.Outcome, r.Why = Unanswered, fmt.Sprintf("step %d (%s): %s", i+1, s.Tool, gaveUp.why)
			return r, nil
		}
		if err != nil {
			return r, err
		}
		last, lastArgs = res, used
	}
	answer, err := readAnswer(ctx, caller, t, last, lastArgs, policy, &r)
	var gaveUp errGaveUp
	if errors.As(err, &gaveUp) {
		r.Outcome, r.Why = Unanswered, gaveUp.why
		return r, nil
	}
	if err != nil {
		return r, err
	}
	r.Answer = answer
	if sameAnswer(t.Answer, answer, t.Truth) {
		r.Outcome = Right
	} else {
		r.Outcome, r.Why = WrongAnswer, "answered "+brief(answer)+", the truth is "+brief(t.Truth)
	}
	return r, nil
}

// settle calls tool with args until a result the policy accepts: an
// error result's issues fixed as the policy fixes them, and a result
// whose warning the policy reads (a dropped filter) fixed by it too. It
// returns the result and the arguments that made it.
func settle(ctx context.Context, caller TaskCaller, tool string, args map[string]any, policy Policy, r *TaskRun) (*sdk.CallToolResult, map[string]any, error) {
	for n := 0; ; n++ {
		if n == MaxTaskCalls {
			return nil, nil, errGaveUp{"the call budget of the step is spent"}
		}
		res, err := call(ctx, caller, tool, args, r)
		if err != nil {
			return nil, nil, err
		}
		var next map[string]any
		if res.IsError {
			env, err := envelopeOf(res)
			if err != nil {
				return nil, nil, err
			}
			if next, err = fixIssues(args, env); err != nil {
				return nil, nil, err
			}
		} else if policy.reads(res) {
			if next, err = fixDrops(args, res); err != nil {
				return nil, nil, err
			}
		}
		if next == nil {
			return res, args, nil
		}
		if same(next, args) {
			return nil, nil, errGaveUp{"what it was told leads back to the same call"}
		}
		args = next
	}
}

// reads reports whether the policy reads the warnings of a result that is
// not an error: the careful one always, when there are any; the hurried
// one only when the result's text starts with one.
func (p Policy) reads(res *sdk.CallToolResult) bool {
	if p == Hurried {
		return strings.HasPrefix(firstText(res), "Warning")
	}
	return hasDropWarning(res)
}

func call(ctx context.Context, caller TaskCaller, tool string, args map[string]any, r *TaskRun) (*sdk.CallToolResult, error) {
	raw, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	res, err := caller.CallTool(ctx, tool, raw)
	if err != nil {
		return nil, err
	}
	lead, _, _ := strings.Cut(firstText(res), "\n")
	r.Calls = append(r.Calls, TaskCall{Tool: tool, Arguments: raw, Error: res.IsError, Lead: lead})
	return res, nil
}

func firstText(res *sdk.CallToolResult) string {
	for _, c := range res.Content {
		if t, ok := c.(*sdk.TextContent); ok {
			return t.Text
		}
	}
	return ""
}

// hasDropWarning reports whether a result's _meta holds a filter_dropped
// warning: what a careful model reads wherever the text puts it.
func hasDropWarning(res *sdk.CallToolResult) bool {
	raw, err := json.Marshal(res.Meta[reply.MetaKey])
	if err != nil {
		return false
	}
	var m struct {
		Warnings []agentinput.Remark `json:"warnings"`
	}
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	return slices.ContainsFunc(m.Warnings, func(w agentinput.Remark) bool { return w.Code == "filter_dropped" })
}

func envelopeOf(res *sdk.CallToolResult) (*factory.Envelope, error) {
	raw, err := json.Marshal(res.Meta[reply.EnvelopeKey])
	if err != nil || res.Meta[reply.EnvelopeKey] == nil {
		if raw, err = json.Marshal(res.StructuredContent); err != nil {
			return nil, err
		}
	}
	var env factory.Envelope
	if err := json.Unmarshal(raw, &env); err != nil || env.Code == "" {
		return nil, errors.New("an error result without an envelope")
	}
	return &env, nil
}

// fixIssues is what a policy sends after an error result: each issue
// fixed at its path, by the issue's first reading, or else by what its
// hint says — leave the property out, or the first JSON value it spells;
// an unknown property renamed as its hint says. Any issue it cannot act
// on ends the task unanswered.
func fixIssues(args map[string]any, env *factory.Envelope) (map[string]any, error) {
	if len(env.Issues) == 0 {
		return nil, errGaveUp{"the refusal " + string(env.Code) + " names nothing to fix: " + env.Message}
	}
	next := cloneArgs(args)
	for _, is := range env.Issues {
		path := pathSegments(is.Path)
		if len(path) == 0 {
			return nil, errGaveUp{"an issue about the arguments as a whole: " + is.Message()}
		}
		if is.Code == "unknown_property" {
			if to, ok := renamedTo(is.Hint); ok {
				next[to] = next[path[0]]
				delete(next, path[0])
				continue
			}
			if leaveOut(is.Hint) {
				delete(next, path[0])
				continue
			}
			return nil, errGaveUp{"an unknown property with no way on: " + is.Hint}
		}
		switch v, ok := firstValue(is); {
		case ok:
			setAt(next, path, v)
		case leaveOut(is.Hint):
			deleteAt(next, path)
		default:
			return nil, errGaveUp{is.Path + ": nothing to send: " + is.Message()}
		}
	}
	return next, nil
}

// firstValue is the value an ask names first: its first reading, else the
// first JSON value its hint spells.
func firstValue(is agentinput.Issue) (any, bool) {
	if len(is.Readings) > 0 {
		var v any
		if json.Unmarshal(is.Readings[0].Value, &v) == nil {
			return v, true
		}
	}
	return firstJSON(is.Hint)
}

// fixDrops is what a policy sends after a result that says filters were
// dropped: each set to the first value it may mean (dropped_filters).
// A drop that means nothing, or a warning with no dropped_filters to act
// on, ends the task unanswered.
func fixDrops(args map[string]any, res *sdk.CallToolResult) (map[string]any, error) {
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return nil, err
	}
	var out struct {
		Dropped []struct {
			Property string `json:"property"`
			MayMean  []struct {
				Value json.RawMessage `json:"value"`
			} `json:"may_mean"`
			Message string `json:"message"`
		} `json:"dropped_filters"`
	}
	if json.Unmarshal(raw, &out) != nil || len(out.Dropped) == 0 {
		return nil, errGaveUp{"a warning leads the result and names no filter to fix: " + firstText(res)}
	}
	next := cloneArgs(args)
	for _, d := range out.Dropped {
		if len(d.MayMean) == 0 {
			return nil, errGaveUp{"a dropped filter means no stored value: " + d.Message}
		}
		var v any
		if json.Unmarshal(d.MayMean[0].Value, &v) != nil {
			return nil, errGaveUp{"a dropped filter's value is not JSON"}
		}
		next[d.Property] = v
	}
	return next, nil
}

// readAnswer reads the task's answer from the last step's result: the
// total, the ids of the page, the ids of every page (following
// next_cursor with the arguments of the last step), or the tags.
func readAnswer(ctx context.Context, caller TaskCaller, t Task, res *sdk.CallToolResult, args map[string]any, policy Policy, r *TaskRun) (json.RawMessage, error) {
	var out struct {
		Value struct {
			Total      *int   `json:"total"`
			NextCursor string `json:"next_cursor"`
			Decisions  []struct {
				ID string `json:"id"`
			} `json:"decisions"`
			Tags []string `json:"tags"`
		} `json:"value"`
	}
	decode := func(res *sdk.CallToolResult) error {
		raw, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return err
		}
		out.Value.Total, out.Value.NextCursor, out.Value.Decisions, out.Value.Tags = nil, "", nil, nil
		if err := json.Unmarshal(raw, &out); err != nil {
			return errGaveUp{"the result is not a read: " + string(raw)}
		}
		return nil
	}
	if err := decode(res); err != nil {
		return nil, err
	}
	ids := func() []string {
		list := []string{}
		for _, d := range out.Value.Decisions {
			list = append(list, d.ID)
		}
		return list
	}
	switch t.Answer {
	case AnswerCount:
		if out.Value.Total == nil {
			return nil, errGaveUp{"the result has no total"}
		}
		return json.Marshal(*out.Value.Total)
	case AnswerIDs:
		return json.Marshal(ids())
	case AnswerTags:
		tags := slices.Clone(out.Value.Tags)
		if tags == nil {
			return nil, errGaveUp{"the result has no tags"}
		}
		slices.Sort(tags)
		return json.Marshal(tags)
	}
	all := ids()
	tool := t.Steps[len(t.Steps)-1].Tool
	for pages := 1; out.Value.NextCursor != ""; pages++ {
		if pages > maxPages {
			return nil, errGaveUp{"too many pages"}
		}
		next := cloneArgs(args)
		next["cursor"] = out.Value.NextCursor
		page, _, err := settle(ctx, caller, tool, next, policy, r)
		if err != nil {
			return nil, err
		}
		if err := decode(page); err != nil {
			return nil, err
		}
		all = append(all, ids()...)
	}
	return json.Marshal(all)
}

// brief shows an answer in a report: a list of more than three items by
// its first three and its length.
func brief(answer json.RawMessage) string {
	var list []any
	if json.Unmarshal(answer, &list) != nil || len(list) <= 3 {
		return string(answer)
	}
	head, _ := json.Marshal(list[:3])
	return strings.TrimSuffix(string(head), "]") + ", … (" + strconv.Itoa(len(list)) + " in all)]"
}

// maxPages bounds the pages an all_ids answer follows.
const maxPages = 50

// sameAnswer compares an answer with the truth: tags as sets (both are
// sorted), everything else as JSON.
func sameAnswer(kind string, answer, truth json.RawMessage) bool {
	var a, b any
	if json.Unmarshal(answer, &a) != nil || json.Unmarshal(truth, &b) != nil {
		return false
	}
	if kind == AnswerTags {
		sortAny(a)
		sortAny(b)
	}
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func sortAny(v any) {
	if list, ok := v.([]any); ok {
		slices.SortFunc(list, func(a, b any) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
	}
}

func objectArgs(raw json.RawMessage) (map[string]any, bool) {
	if len(raw) == 0 {
		return map[string]any{}, true
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&m) != nil || m == nil {
		return nil, false
	}
	return m, true
}

func cloneArgs(args map[string]any) map[string]any {
	raw, _ := json.Marshal(args)
	m, _ := objectArgs(raw)
	return m
}

func same(a, b map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// pathSegments splits a JSON Pointer into its unescaped segments.
func pathSegments(path string) []string {
	if path == "" {
		return nil
	}
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return segs
}

// setAt sets the value at path: a list's item when the property holds a
// list long enough, else the property itself.
func setAt(args map[string]any, path []string, v any) {
	if len(path) == 2 {
		if list, ok := args[path[0]].([]any); ok {
			if i := itemAt(list, path[1]); i >= 0 {
				list[i] = v
				return
			}
		}
	}
	args[path[0]] = v
}

// itemAt is the index of list that the JSON Pointer segment seg names, or
// -1: the segment is compared with each index as the pointer writes it,
// so that no number is parsed here (the number kind owns that).
func itemAt(list []any, seg string) int {
	for i := range list {
		if strconv.Itoa(i) == seg {
			return i
		}
	}
	return -1
}

// deleteAt leaves out the value at path: a list's item, or the property.
func deleteAt(args map[string]any, path []string) {
	if len(path) == 2 {
		if list, ok := args[path[0]].([]any); ok {
			if i := itemAt(list, path[1]); i >= 0 {
				args[path[0]] = slices.Delete(slices.Clone(list), i, i+1)
				return
			}
		}
	}
	delete(args, path[0])
}

// leaveOut reports whether a hint says to leave the value out.
func leaveOut(hint string) bool {
	h := strings.ToLower(hint)
	return strings.Contains(h, "leave") && strings.Contains(h, " out") || strings.Contains(h, "omit")
}

// renamedTo reads the property an unknown property's hint names: "Send it
// as limit (…)".
func renamedTo(hint string) (string, bool) {
	_, rest, ok := strings.Cut(hint, "Send it as ")
	if !ok {
		return "", false
	}
	name, _, _ := strings.Cut(rest, " ")
	return name, name != ""
}

// firstJSON returns the first value a hint gives: a quoted JSON string,
// an array or an object anywhere ("send \"SK\" if you mean Slovakia"),
// or a number given as an example ("for example 50.", "such as 7"). A
// number elsewhere in the words ("a BCP 47 tag", "from 1 to 50") is not a
// value to send.
func firstJSON(hint string) (any, bool) {
	for i := 0; i < len(hint); i++ {
		c := hint[i]
		switch {
		case c == '"' || c == '[' || c == '{':
			dec := json.NewDecoder(strings.NewReader(hint[i:]))
			dec.UseNumber()
			var v any
			if dec.Decode(&v) == nil {
				return v, true
			}
		case (c >= '0' && c <= '9' || c == '-') && givenAsExample(hint[:i]):
			end := i + 1
			for end < len(hint) && strings.IndexByte(" ,;)", hint[end]) < 0 && !(hint[end] == '.' && (end+1 == len(hint) || hint[end+1] == ' ')) {
				end++
			}
			if tok := hint[i:end]; json.Valid([]byte(tok)) {
				return json.Number(tok), true
			}
		}
	}
	return nil, false
}

// givenAsExample reports whether the words before a number give it as an
// example.
func givenAsExample(before string) bool {
	b := strings.ToLower(before)
	return strings.HasSuffix(b, "example ") || strings.HasSuffix(b, "e.g. ") || strings.HasSuffix(b, "such as ")
}
