package limits

import (
	"flag"
	"io"
	"testing"
)

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "1048576": 1 << 20, "512MiB": 512 << 20, "2gib": 2 << 30, "1.5GB": 1_500_000_000, "10 KB": 10_000, "7B": 7} {
		got, err := ParseBytes(in)
		if err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "MiB", "-1", "lots", "1e30GiB"} {
		if _, err := ParseBytes(bad); err == nil {
			t.Errorf("ParseBytes(%q) succeeded", bad)
		}
	}
}

func TestRegister(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	l := Register(fs, Agents)
	if err := fs.Parse(nil); err != nil || *l != Agents {
		t.Fatalf("defaults: %+v, %v", *l, err)
	}
	fs = flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	l = Register(fs, Agents)
	if err := fs.Parse([]string{"--max-memory", "256MiB", "--max-steps", "1000", "--max-rows", "5"}); err != nil {
		t.Fatal(err)
	}
	if l.MaxMemory != 256<<20 || l.MaxSteps != 1000 || l.MaxRows != 5 {
		t.Fatalf("parsed %+v", *l)
	}
	if err := fs.Parse([]string{"--max-memory", "lots"}); err == nil {
		t.Fatal("a bad byte count was accepted")
	}
	if got := FormatBytes(1 << 30); got != "1GiB" {
		t.Fatalf("FormatBytes = %q", got)
	}
}
