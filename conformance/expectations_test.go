package conformance

import (
	"bytes"
	"strings"
	"testing"
)

func outcome(feature, title string, row int, status Status, reason string) Outcome {
	return Outcome{Scenario: &Scenario{Feature: feature, Title: title, Row: row}, Status: status, Reason: reason}
}

func TestParseExpectations(t *testing.T) {
	exp, err := ParseExpectations(strings.NewReader(`# comment

a.feature :: [1] x :: row 0 | wrong result: needs sorting
a.feature :: [2] y | z :: row 3 | internal error: a | b
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(exp) != 2 || exp["a.feature :: [1] x :: row 0"] != "wrong result: needs sorting" ||
		exp["a.feature :: [2] y | z :: row 3"] != "internal error: a | b" {
		t.Errorf("parsed %q", exp)
	}
	for _, bad := range []string{
		"a.feature :: [1] x :: row 0",
		"a.feature :: [1] x | reason",
		"a.feature :: [1] x :: row 0 | ",
		"a.feature :: [1] x :: row 0 | r\na.feature :: [1] x :: row 0 | r",
	} {
		if _, err := ParseExpectations(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestExpectationsCheck(t *testing.T) {
	exp := Expectations{
		"f :: listed fails :: row 0":     "internal error: x",
		"f :: listed passes :: row 1":    "wrong result: y",
		"f :: skipped :: row 0":          "skipped: tagged @ignore",
		"f :: listed skip runs :: row 0": "skipped: was ignored",
		"f :: gone :: row 0":             "wrong result: z",
	}
	outcomes := []Outcome{
		outcome("f", "listed fails", 0, Failed, "wrong result: another class is still a listed failure"),
		outcome("f", "listed passes", 1, Passed, ""),
		outcome("f", "unlisted fails", 2, Failed, "wrong error: boom"),
		outcome("f", "unlisted passes", 0, Passed, ""),
		outcome("f", "skipped", 0, Skipped, "skipped: tagged @ignore"),
		outcome("f", "unlisted skip", 0, Skipped, "skipped: tagged @ignore"),
		outcome("f", "listed skip runs", 0, Failed, "wrong result: w"),
	}
	problems := exp.Check(outcomes)
	var got []string
	for _, p := range problems {
		got = append(got, p.Key)
	}
	want := []string{
		"f :: listed passes :: row 1",
		"f :: unlisted fails :: row 2",
		"f :: unlisted skip :: row 0",
		"f :: listed skip runs :: row 0",
		"f :: gone :: row 0",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", problems, strings.Join(want, "\n"))
	}
	if !strings.Contains(problems[0].Reason, "passes now") || !strings.Contains(problems[1].Reason, "wrong error: boom") {
		t.Errorf("reasons: %v", problems)
	}
	if p := (Expectations{"f :: ok :: row 0": "wrong result: x"}).Check([]Outcome{outcome("f", "ok", 0, Failed, "timeout: t")}); len(p) != 0 {
		t.Errorf("a listed failure is a problem: %v", p)
	}
}

func TestExpectationsUpdateAndWrite(t *testing.T) {
	long := "wrong error: " + strings.Repeat("x", 300)
	old := Expectations{
		"f :: same class :: row 0":    "internal error: hand-written note",
		"f :: class changed :: row 0": "internal error: old note",
		"f :: now passes :: row 0":    "wrong result: old",
		"f :: not run :: row 0":       "wrong result: old",
	}
	outcomes := []Outcome{
		outcome("f", "same class", 0, Failed, "internal error: query engine not available yet"),
		outcome("f", "class changed", 0, Failed, "wrong result: expected 1 rows,\n got 2"),
		outcome("f", "now passes", 0, Passed, ""),
		outcome("f", "new", 0, Failed, long),
		outcome("f", "ignored", 0, Skipped, "skipped: tagged @ignore"),
	}
	next := old.Update(outcomes)
	want := Expectations{
		"f :: same class :: row 0":    "internal error: hand-written note",
		"f :: class changed :: row 0": "wrong result: expected 1 rows, got 2",
		"f :: new :: row 0":           truncate(long, MaxReasonLength),
		"f :: ignored :: row 0":       "skipped: tagged @ignore",
	}
	if len(next) != len(want) {
		t.Errorf("updated %q", next)
	}
	for k, v := range want {
		if next[k] != v {
			t.Errorf("%s: %q, want %q", k, next[k], v)
		}
	}
	if n := len([]rune(next["f :: new :: row 0"])); n != MaxReasonLength {
		t.Errorf("new reason has %d runes", n)
	}
	if problems := next.Check(outcomes); len(problems) != 0 {
		t.Errorf("updated expectations disagree with the run: %v", problems)
	}
	var buf bytes.Buffer
	if err := next.Write(&buf, outcomes); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if !strings.HasPrefix(text, ExpectationsHeader) {
		t.Error("header missing")
	}
	if i, j := strings.Index(text, "same class"), strings.Index(text, "ignored"); i < 0 || j < i {
		t.Errorf("entries not in outcome order:\n%s", text)
	}
	back, err := ParseExpectations(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(next) {
		t.Errorf("round trip: %d entries, want %d", len(back), len(next))
	}
	for k, v := range next {
		if back[k] != v {
			t.Errorf("round trip %s: %q, want %q", k, back[k], v)
		}
	}
}

func TestReasonClass(t *testing.T) {
	for in, want := range map[string]string{
		"wrong result: a: b":             "wrong result",
		"query engine not available yet": "query engine not available yet",
		"skipped: tagged @ignore":        "skipped",
	} {
		if got := ReasonClass(in); got != want {
			t.Errorf("ReasonClass(%q) = %q", in, got)
		}
	}
}
