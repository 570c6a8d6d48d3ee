package cyqerr

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestPosOfCountsRunes(t *testing.T) {
	src := "MATCH (n)\nRETURN 'ǿ', m"
	off := strings.Index(src, "m")
	p := PosOf(src, off)
	if p.Line != 2 || p.Column != 13 || p.Offset != off {
		t.Fatalf("PosOf = %+v", p)
	}
	if got := PosOf(src, -5); got.Line != 1 || got.Column != 1 {
		t.Fatalf("negative offset gives %+v", got)
	}
	if got := PosOf(src, 1000); got.Offset != len(src) {
		t.Fatalf("offset past the end gives %+v", got)
	}
}

func TestPrettyShowsCaretHintAndFix(t *testing.T) {
	src := "MATCH (n)\nWHERE n.x == 1\nRETURN n"
	e := Compile(SyntaxError, "UnexpectedSyntax", "unexpected '=='").At(src, strings.Index(src, "=="))
	e.EndOff = e.Pos.Offset + 2
	e.WithHint("use = for equality")
	e.Fix = "MATCH (n) WHERE n.x = 1 RETURN n"
	want := "2:11: SyntaxError.UnexpectedSyntax: unexpected '=='\n" +
		"  WHERE n.x == 1\n" +
		"            ^^\n" +
		"  hint: use = for equality\n" +
		"  did you mean: MATCH (n) WHERE n.x = 1 RETURN n"
	if got := e.Pretty(); got != want {
		t.Fatalf("Pretty:\n%s\nwant:\n%s", got, want)
	}
}

func TestCodeAndWrap(t *testing.T) {
	if c := Runtimef(TypeError, "", "x").Code(); c != "TypeError" {
		t.Fatalf("code without detail: %s", c)
	}
	inner := Compile(SemanticError, "Unsupported", "nope")
	wrapped := fmt.Errorf("context: %w", inner)
	if As(wrapped) != inner || Wrap(wrapped, Internal, Runtime) != inner {
		t.Fatal("As/Wrap do not find the error in the chain")
	}
	plain := errors.New("disk on fire")
	w := Wrap(plain, StorageError, Runtime)
	if w.Type != StorageError || !errors.Is(w, plain) || w.Message != "disk on fire" {
		t.Fatalf("Wrap(plain) = %+v", w)
	}
	l := List{Compile(SyntaxError, "A", "second").At("ab", 1), Compile(SyntaxError, "B", "first").At("ab", 0)}
	l.Sort()
	if l[0].Detail != "B" || !strings.Contains(l.Error(), "and 1 more") {
		t.Fatalf("List sorting or rendering: %v", l)
	}
	if (List{}).Err() != nil {
		t.Fatal("empty list is not nil")
	}
}
