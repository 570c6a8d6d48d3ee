package metamorphic

import "testing"

// TestParseChainRoundTrip checks that printing a parsed pattern gives the
// pattern back, for the syntax the questions use.
func TestParseChainRoundTrip(t *testing.T) {
	for _, s := range []string{
		"(a)",
		"p = (a:A:B {id: 5, s: 'x'})-->(b)<--(c)--(d)",
		"(a {id: $a})-[r:R|S*1..3]-(c:C)",
		"(a)<-[*2]-()-[rs*..4]->(:B)",
		"(a)-[r]->(b)",
	} {
		c, err := ParseChain(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if got := c.String(); got != s {
			t.Errorf("ParseChain(%q).String() = %q", s, got)
		}
	}
	for _, bad := range []string{"a", "(a", "(a)-", "(a)<-->(b)", "(a)-[*x]->(b)", "(a {id})"} {
		if _, err := ParseChain(bad); err == nil {
			t.Errorf("ParseChain(%q): no error", bad)
		}
	}
}

// TestEveryRuleApplies checks that each rule rewrites at least one seed
// question, so that no rule is dead weight in the test.
func TestEveryRuleApplies(t *testing.T) {
	used := map[string]int{}
	names := map[string]bool{}
	for _, q := range Questions() {
		if names[q.Name] {
			t.Errorf("question %s listed twice", q.Name)
		}
		names[q.Name] = true
		for _, f := range Generate(q.Query, 0, q.Seed()) {
			for _, r := range f.Rules {
				used[r]++
			}
		}
	}
	for _, r := range Rules() {
		if used[r.Name] == 0 {
			t.Errorf("rule %s rewrites no seed question", r.Name)
		}
	}
}

// TestGenerateIsReproducible checks that the same question and seed give
// the same forms.
func TestGenerateIsReproducible(t *testing.T) {
	for _, q := range Questions()[:5] {
		a, b := Generate(q.Query, 40, q.Seed()), Generate(q.Query, 40, q.Seed())
		if len(a) != len(b) {
			t.Fatalf("%s: %d then %d forms", q.Name, len(a), len(b))
		}
		for i := range a {
			if a[i].Text != b[i].Text {
				t.Errorf("%s form %d: %q then %q", q.Name, i, a[i].Text, b[i].Text)
			}
		}
	}
}
