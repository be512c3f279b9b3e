package factory

import (
	"errors"
	"strconv"
	"strings"

	"agentinput.dev/agentinput"
	"agentinput.dev/promcp"
)

// Envelope is the answer to a call that did not reach a result:
// {code, message, hint, retry_allowed, issues[]}. Every hint names the next
// call; retry_allowed says whether that call may be the same one, unchanged
// (agentinput.EnvelopeCode.RetryAllowed).
type Envelope struct {
	Code         agentinput.EnvelopeCode `json:"code"`
	Message      string                  `json:"message"`
	Hint         string                  `json:"hint"`
	RetryAllowed bool                    `json:"retry_allowed"`
	Issues       []agentinput.Issue      `json:"issues"`
}

// invalidArguments builds the envelope of a call whose arguments could not
// all be read.
//
// It lists at most agentinput.MaxIssues issues: the message counts them
// all and says that the rest come back once those are fixed.
func invalidArguments(tool string, issues []agentinput.Issue) *Envelope {
	total := len(issues)
	if total > agentinput.MaxIssues {
		issues = issues[:agentinput.MaxIssues:agentinput.MaxIssues]
	}
	paths := make([]string, len(issues))
	for i, is := range issues {
		paths[i] = is.Path
		if paths[i] == "" {
			paths[i] = "(the arguments)"
		}
	}
	what := "1 argument needs"
	if total != 1 {
		what = strconv.Itoa(total) + " arguments need"
	}
	more := ""
	if total > len(issues) {
		more = " The first " + strconv.Itoa(len(issues)) + " are listed; the others come back once these are fixed."
	}
	hint := "Call " + tool + " again with every issue fixed"
	if h := issues[0].Hint; h != "" {
		hint += "; " + lowerFirst(strings.TrimSuffix(h, "."))
		if issues[0].Path != "" {
			hint += " (" + issues[0].Path + ")"
		}
	}
	return &Envelope{
		Code:    agentinput.EnvelopeInvalidArguments,
		Message: tool + " was not called: " + what + " attention: " + strings.Join(paths, ", ") + "." + more,
		Hint:    hint + ".",
		Issues:  issues,
	}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// Failure is an error a handler returns to say what went wrong in words for
// the caller. Any other error becomes a tool_failed envelope that says only
// that the tool failed: a Go error string never reaches the model. A
// Failure wrapped in another error (fmt.Errorf("…: %w", f)) is found.
//
// Code is one of the domain codes — agentinput.EnvelopeNotFound, Conflict,
// Forbidden, PreconditionFailed, RateLimited, Unavailable — or "" for
// tool_failed. A domain code states that the handler refused before it
// changed anything: a do call's effect is not_started and its claim is
// released, so the same call may be sent again (the envelope's
// retry_allowed says whether that can help). Without a code, a do call's
// effect is unknown.
type Failure struct {
	Code    agentinput.EnvelopeCode
	Message string
	Hint    string
}

func (f *Failure) Error() string {
	if f.Code != "" {
		return string(f.Code) + ": " + f.Message
	}
	return f.Message
}

// domainCodes are the codes a Failure may carry.
var domainCodes = map[agentinput.EnvelopeCode]bool{
	agentinput.EnvelopeNotFound: true, agentinput.EnvelopeConflict: true, agentinput.EnvelopeForbidden: true,
	agentinput.EnvelopePreconditionFailed: true, agentinput.EnvelopeRateLimited: true, agentinput.EnvelopeUnavailable: true,
}

// failureOf finds the Failure in err's chain, with a code only when it is a
// domain code.
func failureOf(err error) *Failure {
	var f *Failure
	if !errors.As(err, &f) || f == nil {
		return nil
	}
	if f.Code != "" && !domainCodes[f.Code] {
		return &Failure{Message: f.Message, Hint: f.Hint}
	}
	return f
}

// failed is the envelope of a handler that returned err (or panicked), on a
// call whose effect is effect ("" for read and can_do tools).
func (t *Tool) failed(err error, effect promcp.Effect) *Envelope {
	tool := t.spec.Name
	e := &Envelope{
		Code:    agentinput.EnvelopeToolFailed,
		Message: tool + " failed.",
		Hint:    "Call " + tool + " again later, or with other arguments.",
		Issues:  []agentinput.Issue{},
	}
	if effect == promcp.EffectUnknown {
		e.Message = tool + " failed, and its change may or may not have happened."
		e.Hint = t.confirm() + " before calling " + tool + " again with a fresh " + IdempotencyKeyProperty + "."
	}
	// A read changes nothing: resending it is always safe.
	defer func() {
		e.RetryAllowed = e.Code.RetryAllowed() || e.Code == agentinput.EnvelopeToolFailed && effect == ""
	}()
	f := failureOf(err)
	if f == nil {
		return e
	}
	if f.Code != "" {
		e.Code = f.Code
		e.Message = tool + " did not " + verb(t.spec.Intent) + ": " + trimPeriod(f.Message) + "."
		e.Hint = "Call " + tool + " again with other arguments."
		if e.Code.RetryAllowed() {
			e.Hint = "Send the same call again later."
		}
	} else if effect == promcp.EffectUnknown {
		e.Message = tool + " failed: " + trimPeriod(f.Message) + "; its change may or may not have happened."
	} else {
		e.Message = tool + " failed: " + f.Message
	}
	if f.Hint != "" {
		e.Hint = f.Hint
	}
	return e
}

func verb(i Intent) string {
	if i == IntentDo {
		return "make the change"
	}
	return "answer"
}

// capRemarks keeps at most agentinput.MaxRemarks remarks: past it, the
// last one kept says how many more (of what: "notes", "warnings") there
// were, with the code of the first one left out.
func capRemarks(list []agentinput.Remark, what string) []agentinput.Remark {
	if len(list) <= agentinput.MaxRemarks {
		return list
	}
	n := agentinput.MaxRemarks - 1
	return append(list[:n:n], agentinput.Remark{Code: list[n].Code, Path: "",
		Message: strconv.Itoa(len(list)-n) + " more " + what + " were left out of this reply"})
}
