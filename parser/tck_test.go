package parser

import (
	"sort"
	"strings"
	"testing"

	"github.com/cyqdb/cyq/cyqerr"
)

// syntacticDetails are the TCK's compile-time SyntaxError details that the
// parser itself must raise; the others (UndefinedVariable, ...) are the
// binder's job.
var syntacticDetails = map[string]bool{
	"UnexpectedSyntax":           true,
	"InvalidNumberLiteral":       true,
	"InvalidUnicodeLiteral":      true,
	"InvalidUnicodeCharacter":    true,
	"IntegerOverflow":            true,
	"InvalidRelationshipPattern": true,
}

// TestTCKParse parses every query of the TCK corpus. Queries of scenarios
// that do not expect a compile-time SyntaxError must parse; for the others
// the test reports how many the parser already rejects.
func TestTCKParse(t *testing.T) {
	qs := tckQueries(t)
	var ok, failed, synExpected, synRejected, synMustReject, synRejectedMust, synDetailMatch int
	byDetail := map[string][2]int{}
	for _, q := range qs {
		_, err := Parse(q.Text)
		if q.SyntaxError == "" {
			if err != nil {
				failed++
				t.Errorf("%s: %s (%s):\n%s\n--> %v", q.File, q.Scenario, q.Kind, q.Text, err)
				continue
			}
			ok++
			continue
		}
		synExpected++
		c := byDetail[q.SyntaxError]
		c[0]++
		if err != nil && !syntacticDetails[q.SyntaxError] {
			t.Logf("rejected a query the binder should reject (%s): %s: %s\n--> %v", q.SyntaxError, q.File, q.Scenario, err)
		}
		if err != nil {
			e := cyqerr.As(err)
			if e == nil || e.Type != cyqerr.SyntaxError {
				t.Errorf("%s: %s: error is not a SyntaxError: %v", q.File, q.Scenario, err)
			}
			synRejected++
			c[1]++
		}
		byDetail[q.SyntaxError] = c
		if syntacticDetails[q.SyntaxError] {
			synMustReject++
			if err != nil {
				synRejectedMust++
				if e := cyqerr.As(err); e != nil && e.Detail == q.SyntaxError {
					synDetailMatch++
				} else {
					t.Logf("rejected with another detail (want %s): %s: %s\n%s\n--> %v", q.SyntaxError, q.File, q.Scenario, q.Text, err)
				}
			} else {
				t.Logf("not rejected (%s): %s: %s\n%s", q.SyntaxError, q.File, q.Scenario, q.Text)
			}
		}
	}
	t.Logf("TCK queries: %d total; %d that must parse: %d parsed, %d failed", len(qs), ok+failed, ok, failed)
	t.Logf("queries expecting a compile-time SyntaxError: %d; rejected by the parser: %d", synExpected, synRejected)
	t.Logf("of which purely syntactic (%d): rejected %d, with the TCK's detail %d", synMustReject, synRejectedMust, synDetailMatch)
	var details []string
	for d := range byDetail {
		details = append(details, d)
	}
	sort.Strings(details)
	var b strings.Builder
	for _, d := range details {
		c := byDetail[d]
		b.WriteString("\n  ")
		b.WriteString(d)
		b.WriteString(": ")
		b.WriteString(itoa(c[1]))
		b.WriteString("/")
		b.WriteString(itoa(c[0]))
	}
	t.Logf("rejected per expected detail:%s", b.String())
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var buf [20]byte
	i := len(buf)
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	return string(buf[i:])
}

// TestConcurrentParse parses the TCK corpus from several goroutines at
// once (the generated parser shares its DFA cache between instances); run
// it under -race.
func TestConcurrentParse(t *testing.T) {
	qs := tckQueries(t)
	if testing.Short() {
		qs = qs[:min(len(qs), 300)]
	}
	done := make(chan struct{})
	for g := 0; g < 4; g++ {
		go func(g int) {
			defer func() { done <- struct{}{} }()
			p := New(WithCacheSize(-1))
			for i := g; i < len(qs); i += 2 {
				_, _ = p.Parse(qs[i].Text)
			}
		}(g)
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
