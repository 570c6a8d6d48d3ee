package main

// The demo knowledge graph: programming languages, the people and
// organisations behind them, libraries, concepts and papers. Each table is
// one record per line, fields separated by '|'.

// demoLanguages: name|year|paradigm|typing|description
const demoLanguages = `Fortran|1957|imperative|static|The first widely used high-level language, built at IBM for scientific computing.
Lisp|1958|functional|dynamic|A family of languages built on s-expressions, where code is data.
COBOL|1959|imperative|static|A verbose business language that still runs many banks.
ALGOL 60|1960|imperative|static|The language that introduced block structure and lexical scope to the mainstream.
Simula|1967|object-oriented|static|The first object-oriented language, designed for simulation.
C|1972|imperative|static|A small systems language close to the machine, written to build Unix.
Smalltalk|1972|object-oriented|dynamic|A pure object-oriented language and live programming environment from Xerox PARC.
Prolog|1972|logic|dynamic|A logic programming language where programs are facts and rules.
ML|1973|functional|static|A functional language with Hindley–Milner type inference, first used for theorem proving.
Scheme|1975|functional|dynamic|A minimalist Lisp dialect with lexical scope and first-class continuations.
SQL|1974|declarative|static|The declarative language of relational databases.
C++|1985|multi-paradigm|static|C with classes, templates and zero-cost abstractions.
Erlang|1986|functional|dynamic|A language for fault-tolerant concurrent systems built from lightweight processes.
Perl|1987|multi-paradigm|dynamic|A text-processing language known as the duct tape of the internet.
Haskell|1990|functional|static|A lazy, purely functional language with type classes.
Python|1991|multi-paradigm|dynamic|A readable general-purpose language with batteries included.
Lua|1993|multi-paradigm|dynamic|A small embeddable scripting language.
R|1993|functional|dynamic|A language for statistical computing and graphics.
Java|1995|object-oriented|static|A class-based language that runs on the JVM: write once, run anywhere.
JavaScript|1995|multi-paradigm|dynamic|The language of the web browser, designed in ten days.
Ruby|1995|object-oriented|dynamic|A dynamic object-oriented language optimised for programmer happiness.
OCaml|1996|functional|static|An ML dialect with objects and a fast native compiler.
C#|2000|object-oriented|static|Microsoft's managed language for the .NET runtime.
Scala|2004|multi-paradigm|static|A fusion of object-oriented and functional programming on the JVM.
Clojure|2007|functional|dynamic|A modern Lisp on the JVM with immutable data structures.
Go|2009|imperative|static|A simple compiled language with goroutines, channels and fast builds.
Rust|2010|multi-paradigm|static|A systems language with memory safety guaranteed by ownership and borrowing.
Kotlin|2011|multi-paradigm|static|A concise JVM language with null safety.
Elixir|2012|functional|dynamic|A functional language on the Erlang VM with macros and a friendly toolchain.
TypeScript|2012|multi-paradigm|static|JavaScript with a structural static type system.
Swift|2014|multi-paradigm|static|Apple's safe, fast language for its platforms.
Julia|2012|multi-paradigm|dynamic|A high-performance dynamic language for numerical computing using multiple dispatch.
Zig|2016|imperative|static|A systems language with compile-time evaluation and no hidden control flow.
Cypher|2011|declarative|dynamic|A declarative graph query language built on ASCII-art patterns.`

// demoInfluences: from|to (the first influenced the second)
const demoInfluences = `Fortran|ALGOL 60
ALGOL 60|Simula
ALGOL 60|C
ALGOL 60|Scheme
Lisp|Scheme
Lisp|Smalltalk
Lisp|Clojure
Lisp|JavaScript
Simula|Smalltalk
Simula|C++
C|C++
C|Go
C|Perl
C|Python
C|Java
C|Zig
Smalltalk|Ruby
Smalltalk|Java
Smalltalk|Objective-C
ML|Haskell
ML|OCaml
ML|Rust
ML|Scala
Scheme|JavaScript
Scheme|Racket
Prolog|Erlang
Erlang|Elixir
Erlang|Go
Ruby|Elixir
Perl|Ruby
Perl|Python
Haskell|Rust
Haskell|Scala
Haskell|Swift
Python|Ruby
Python|Go
Python|Julia
Python|Swift
Lua|Julia
C++|Java
C++|C#
C++|Rust
C++|D
Java|C#
Java|Scala
Java|Kotlin
Java|Clojure
Java|JavaScript
JavaScript|TypeScript
C#|TypeScript
C#|Kotlin
Scala|Kotlin
OCaml|Rust
Lisp|Julia
R|Julia
SQL|Cypher
Prolog|Cypher
Go|Zig
Rust|Swift
Rust|Zig`

// demoPeople: name|born|country|description
const demoPeople = `John Backus|1924|USA|Led the team that created Fortran; co-inventor of the Backus–Naur form.
John McCarthy|1927|USA|Created Lisp and coined the term artificial intelligence.
Grace Hopper|1906|USA|Pioneered machine-independent languages and influenced COBOL.
Ole-Johan Dahl|1931|Norway|Co-designed Simula and the ideas of classes and objects.
Kristen Nygaard|1926|Norway|Co-designed Simula with Ole-Johan Dahl.
Dennis Ritchie|1941|USA|Created C and co-created Unix.
Ken Thompson|1943|USA|Co-created Unix, B, UTF-8 and Go.
Alan Kay|1940|USA|Led the Smalltalk work at Xerox PARC and coined object-oriented programming.
Alain Colmerauer|1941|France|Created Prolog.
Robin Milner|1934|UK|Created ML and the theory of type inference behind it.
Guy Steele|1954|USA|Co-created Scheme and worked on the Java and Fortress specifications.
Gerald Sussman|1947|USA|Co-created Scheme and co-wrote Structure and Interpretation of Computer Programs.
Bjarne Stroustrup|1950|Denmark|Created C++.
Joe Armstrong|1950|UK|Co-created Erlang and its philosophy of letting processes crash.
Larry Wall|1954|USA|Created Perl.
Simon Peyton Jones|1958|UK|A lead designer of Haskell and of the Glasgow Haskell Compiler.
Philip Wadler|1956|USA|Contributed type classes and monads to Haskell and generics to Java.
Guido van Rossum|1956|Netherlands|Created Python.
Roberto Ierusalimschy|1960|Brazil|Leads the design of Lua.
Ross Ihaka|1954|New Zealand|Co-created R.
Robert Gentleman|1959|Canada|Co-created R.
James Gosling|1955|Canada|Created Java.
Brendan Eich|1961|USA|Created JavaScript.
Yukihiro Matsumoto|1965|Japan|Created Ruby.
Xavier Leroy|1968|France|Lead developer of OCaml and of the CompCert verified compiler.
Anders Hejlsberg|1960|Denmark|Designed Turbo Pascal, C# and TypeScript.
Martin Odersky|1958|Germany|Created Scala and worked on Java generics.
Rich Hickey|1970|USA|Created Clojure.
Robert Griesemer|1964|Switzerland|Co-created Go.
Rob Pike|1956|Canada|Co-created Go, UTF-8 and Plan 9.
Graydon Hoare|1978|Canada|Created Rust.
Andrey Breslav|1984|Russia|Led the design of Kotlin.
José Valim|1986|Brazil|Created Elixir.
Chris Lattner|1978|USA|Created LLVM and Swift.
Jeff Bezanson|1983|USA|Co-created Julia.
Stefan Karpinski|1979|USA|Co-created Julia.
Andrew Kelley|1987|USA|Created Zig.
Edsger Dijkstra|1930|Netherlands|Argued for structured programming and invented the shortest-path algorithm.
Tony Hoare|1934|UK|Invented quicksort, Hoare logic and communicating sequential processes.
Barbara Liskov|1939|USA|Created CLU and the substitution principle for subtypes.
Edgar F. Codd|1923|UK|Invented the relational model of data.
Donald Chamberlin|1944|USA|Co-designed SQL.
Raymond Boyce|1946|USA|Co-designed SQL.
Andrés Taylor|1974|Sweden|Created the Cypher query language at Neo4j.
Leslie Lamport|1941|USA|Invented Paxos, logical clocks and LaTeX.
Donald Knuth|1938|USA|Wrote The Art of Computer Programming and created TeX.
Niklaus Wirth|1934|Switzerland|Created Pascal, Modula-2 and Oberon.
Jeffrey Dean|1968|USA|Co-designed MapReduce, Bigtable and TensorFlow.
Sanjay Ghemawat|1966|USA|Co-designed MapReduce, Bigtable and LevelDB.
Peter Norvig|1956|USA|Wrote Paradigms of AI Programming and co-wrote AI: A Modern Approach.`

// demoCreated: person|creation (a language or a library)
const demoCreated = `John Backus|Fortran
John McCarthy|Lisp
Grace Hopper|COBOL
Ole-Johan Dahl|Simula
Kristen Nygaard|Simula
Dennis Ritchie|C
Ken Thompson|C
Ken Thompson|Go
Alan Kay|Smalltalk
Alain Colmerauer|Prolog
Robin Milner|ML
Guy Steele|Scheme
Gerald Sussman|Scheme
Bjarne Stroustrup|C++
Joe Armstrong|Erlang
Larry Wall|Perl
Simon Peyton Jones|Haskell
Philip Wadler|Haskell
Guido van Rossum|Python
Roberto Ierusalimschy|Lua
Ross Ihaka|R
Robert Gentleman|R
James Gosling|Java
Brendan Eich|JavaScript
Yukihiro Matsumoto|Ruby
Xavier Leroy|OCaml
Anders Hejlsberg|C#
Anders Hejlsberg|TypeScript
Martin Odersky|Scala
Rich Hickey|Clojure
Robert Griesemer|Go
Rob Pike|Go
Graydon Hoare|Rust
Andrey Breslav|Kotlin
José Valim|Elixir
José Valim|Phoenix
Chris Lattner|Swift
Chris Lattner|LLVM
Jeff Bezanson|Julia
Stefan Karpinski|Julia
Andrew Kelley|Zig
Donald Chamberlin|SQL
Raymond Boyce|SQL
Andrés Taylor|Cypher
Jeffrey Dean|TensorFlow
Sanjay Ghemawat|LevelDB
Jeffrey Dean|LevelDB`

// demoOrgs: name|kind|founded|description
const demoOrgs = `IBM|company|1911|Built Fortran, SQL's first systems and decades of mainframes.
Bell Labs|lab|1925|The research lab behind Unix, C, C++ and information theory.
Xerox PARC|lab|1970|Invented the graphical workstation, Smalltalk and Ethernet.
Norwegian Computing Center|lab|1952|Home of Simula.
Ericsson|company|1876|Telecom company that created Erlang for its switches.
Sun Microsystems|company|1982|Workstation maker that created Java.
Netscape|company|1994|Browser company that shipped JavaScript.
Microsoft|company|1975|Created C#, TypeScript and the .NET runtime.
Google|company|1998|Created Go and much large-scale infrastructure.
Mozilla|foundation|2003|Sponsored the early development of Rust.
JetBrains|company|2000|IDE maker that created Kotlin.
Apple|company|1976|Created Swift.
EPFL|university|1969|Swiss university where Scala was created.
MIT|university|1861|Where Lisp, Scheme and Julia began.
INRIA|institute|1967|French research institute behind OCaml and Coq.
Neo4j|company|2007|Graph database company that created Cypher.
University of Glasgow|university|1451|Where much of GHC was developed.
PUC-Rio|university|1941|Brazilian university where Lua was created.`

// demoWorksAt: person|organisation
const demoWorksAt = `John Backus|IBM
Edgar F. Codd|IBM
Donald Chamberlin|IBM
Raymond Boyce|IBM
Dennis Ritchie|Bell Labs
Ken Thompson|Bell Labs
Bjarne Stroustrup|Bell Labs
Rob Pike|Bell Labs
Ken Thompson|Google
Rob Pike|Google
Robert Griesemer|Google
Jeffrey Dean|Google
Sanjay Ghemawat|Google
Peter Norvig|Google
Alan Kay|Xerox PARC
Ole-Johan Dahl|Norwegian Computing Center
Kristen Nygaard|Norwegian Computing Center
Joe Armstrong|Ericsson
James Gosling|Sun Microsystems
Guy Steele|Sun Microsystems
Brendan Eich|Netscape
Brendan Eich|Mozilla
Graydon Hoare|Mozilla
Anders Hejlsberg|Microsoft
Simon Peyton Jones|Microsoft
Leslie Lamport|Microsoft
Andrey Breslav|JetBrains
Chris Lattner|Apple
Martin Odersky|EPFL
John McCarthy|MIT
Gerald Sussman|MIT
Jeff Bezanson|MIT
Xavier Leroy|INRIA
Andrés Taylor|Neo4j
Simon Peyton Jones|University of Glasgow
Philip Wadler|University of Glasgow
Roberto Ierusalimschy|PUC-Rio
Barbara Liskov|MIT`

// demoDeveloped: organisation|language
const demoDeveloped = `IBM|Fortran
IBM|SQL
Bell Labs|C
Bell Labs|C++
Xerox PARC|Smalltalk
Norwegian Computing Center|Simula
Ericsson|Erlang
Sun Microsystems|Java
Netscape|JavaScript
Microsoft|C#
Microsoft|TypeScript
Google|Go
Mozilla|Rust
JetBrains|Kotlin
Apple|Swift
EPFL|Scala
MIT|Scheme
MIT|Julia
INRIA|OCaml
Neo4j|Cypher
PUC-Rio|Lua`

// demoConcepts: name|description
const demoConcepts = `Garbage collection|Automatic reclamation of memory that a program can no longer reach.
Ownership|A compile-time discipline where each value has one owner and borrows are checked.
Type inference|Deducing the types of expressions without annotations.
Type classes|Ad-hoc polymorphism through constrained interfaces, as in Haskell.
Generics|Code parameterised by types.
Closures|Functions that capture the variables of their defining scope.
Higher-order functions|Functions that take or return other functions.
Lazy evaluation|Evaluating expressions only when their values are needed.
Immutability|Values that never change after they are created.
Pattern matching|Destructuring data by its shape, checked for exhaustiveness.
Actor model|Concurrency through isolated processes that exchange messages.
Communicating sequential processes|Concurrency through processes synchronising over channels.
Coroutines|Functions that can suspend and resume their execution.
Async/await|Syntax for writing asynchronous code in sequential style.
Object-oriented programming|Organising programs as objects that combine state and behaviour.
Inheritance|Defining a class as an extension of another.
Structural typing|Type compatibility decided by shape rather than by name.
Macros|Code that generates code at compile time.
Homoiconicity|Programs represented in the language's own data structures.
Continuations|The rest of a computation reified as a value.
Tail calls|Calls in tail position that reuse the caller's stack frame.
Monads|A structure for sequencing computations with effects.
Just-in-time compilation|Compiling code to machine code while the program runs.
Virtual machine|An abstract machine that executes bytecode.
Multiple dispatch|Choosing a method by the runtime types of all arguments.
Relational model|Data as relations queried with relational algebra.
Property graph|Nodes and relationships that both carry key-value properties.
Graph pattern matching|Finding subgraphs that match a pattern of nodes and relationships.
Structured programming|Programs built from sequence, selection and iteration without goto.
Lexical scope|Names resolved by where they appear in the source text.
Exceptions|Non-local transfer of control to an error handler.
Null safety|A type system that separates nullable from non-nullable references.
Memory safety|Freedom from use-after-free, buffer overflows and data races.
Compile-time evaluation|Running code during compilation to compute constants and types.
Dependent types|Types that depend on values.
Logic programming|Programs as logical relations searched by resolution.
Message passing|Communicating by sending messages instead of sharing memory.
Distributed consensus|Agreement among unreliable machines on one value.
MapReduce|Processing large data sets by mapping and then reducing in parallel.
Log-structured merge tree|A write-optimised index of sorted runs merged in the background.`

// demoSupports: language|concept
const demoSupports = `Lisp|Garbage collection
Lisp|Macros
Lisp|Homoiconicity
Lisp|Higher-order functions
Scheme|Continuations
Scheme|Tail calls
Scheme|Closures
Scheme|Lexical scope
ALGOL 60|Lexical scope
ALGOL 60|Structured programming
Simula|Object-oriented programming
Simula|Inheritance
Simula|Coroutines
Smalltalk|Object-oriented programming
Smalltalk|Virtual machine
ML|Type inference
ML|Pattern matching
OCaml|Type inference
OCaml|Pattern matching
Haskell|Type classes
Haskell|Lazy evaluation
Haskell|Monads
Haskell|Type inference
Haskell|Immutability
Erlang|Actor model
Erlang|Message passing
Erlang|Immutability
Elixir|Actor model
Elixir|Macros
Elixir|Pattern matching
Go|Communicating sequential processes
Go|Garbage collection
Go|Structural typing
Go|Generics
Rust|Ownership
Rust|Memory safety
Rust|Pattern matching
Rust|Generics
Rust|Macros
Java|Garbage collection
Java|Virtual machine
Java|Just-in-time compilation
Java|Generics
Java|Exceptions
C#|Async/await
C#|Generics
JavaScript|Closures
JavaScript|Async/await
JavaScript|Just-in-time compilation
TypeScript|Structural typing
Kotlin|Null safety
Kotlin|Coroutines
Swift|Null safety
Scala|Pattern matching
Scala|Type inference
Clojure|Immutability
Clojure|Macros
Julia|Multiple dispatch
Julia|Just-in-time compilation
Zig|Compile-time evaluation
Python|Garbage collection
Python|Coroutines
Python|Exceptions
Prolog|Logic programming
SQL|Relational model
Cypher|Property graph
Cypher|Graph pattern matching
C++|Generics
C++|Exceptions
Lua|Coroutines
Lua|Closures`

// demoRelated: concept|concept
const demoRelated = `Ownership|Memory safety
Garbage collection|Memory safety
Closures|Higher-order functions
Closures|Lexical scope
Type classes|Generics
Type inference|Generics
Actor model|Message passing
Communicating sequential processes|Message passing
Coroutines|Async/await
Continuations|Coroutines
Continuations|Tail calls
Monads|Lazy evaluation
Inheritance|Object-oriented programming
Structural typing|Generics
Macros|Homoiconicity
Macros|Compile-time evaluation
Just-in-time compilation|Virtual machine
Property graph|Graph pattern matching
Relational model|Property graph
Null safety|Memory safety
Dependent types|Type inference
Logic programming|Graph pattern matching
MapReduce|Distributed consensus
Log-structured merge tree|MapReduce
Multiple dispatch|Generics
Exceptions|Continuations`

// demoPapers: title|year|description
const demoPapers = `The FORTRAN Automatic Coding System|1957|Describes the first optimising compiler.
Recursive Functions of Symbolic Expressions and Their Computation by Machine|1960|Introduces Lisp and its eval.
Go To Statement Considered Harmful|1968|Dijkstra's letter arguing for structured programming.
A Relational Model of Data for Large Shared Data Banks|1970|Codd's paper founding relational databases.
SEQUEL: A Structured English Query Language|1974|The first description of what became SQL.
Programming with Abstract Data Types|1974|Liskov and Zilles on data abstraction, the root of CLU.
Scheme: An Interpreter for Extended Lambda Calculus|1975|The first Scheme report.
Communicating Sequential Processes|1978|Hoare's model of concurrency through channels.
A Theory of Type Polymorphism in Programming|1978|Milner's algorithm W for type inference.
Time, Clocks, and the Ordering of Events in a Distributed System|1978|Lamport's logical clocks.
Can Programming Be Liberated from the von Neumann Style?|1978|Backus's Turing lecture on functional programming.
How to Make Ad-hoc Polymorphism Less Ad Hoc|1989|Wadler and Blott introduce type classes.
Comprehending Monads|1990|Wadler shows monads structure functional programs.
The Part-Time Parliament|1998|Lamport's Paxos consensus algorithm.
Making Reliable Distributed Systems in the Presence of Software Errors|2003|Armstrong's thesis on Erlang's design.
MapReduce: Simplified Data Processing on Large Clusters|2004|Dean and Ghemawat's programming model for big data.
Bigtable: A Distributed Storage System for Structured Data|2006|Google's sorted map built on log-structured merge trees.
The Log-Structured Merge-Tree|1996|O'Neil et al. on write-optimised indexes.
Julia: A Fresh Approach to Numerical Computing|2017|The design of Julia around multiple dispatch.
Cypher: An Evolving Query Language for Property Graphs|2018|The design and semantics of Cypher.
The Rust Language|2014|Matsakis and Klock on ownership and borrowing in Rust.
A History of Haskell: Being Lazy with Class|2007|How Haskell came to be.
The Development of the C Language|1993|Ritchie's history of C.
The Early History of Smalltalk|1993|Kay's account of Smalltalk at PARC.
The Go Programming Language and Environment|2022|Go's designers on what made it succeed.`

// demoAuthored: person|paper
const demoAuthored = `John Backus|The FORTRAN Automatic Coding System
John McCarthy|Recursive Functions of Symbolic Expressions and Their Computation by Machine
Edsger Dijkstra|Go To Statement Considered Harmful
Edgar F. Codd|A Relational Model of Data for Large Shared Data Banks
Donald Chamberlin|SEQUEL: A Structured English Query Language
Raymond Boyce|SEQUEL: A Structured English Query Language
Barbara Liskov|Programming with Abstract Data Types
Gerald Sussman|Scheme: An Interpreter for Extended Lambda Calculus
Guy Steele|Scheme: An Interpreter for Extended Lambda Calculus
Tony Hoare|Communicating Sequential Processes
Robin Milner|A Theory of Type Polymorphism in Programming
Leslie Lamport|Time, Clocks, and the Ordering of Events in a Distributed System
John Backus|Can Programming Be Liberated from the von Neumann Style?
Philip Wadler|How to Make Ad-hoc Polymorphism Less Ad Hoc
Philip Wadler|Comprehending Monads
Leslie Lamport|The Part-Time Parliament
Joe Armstrong|Making Reliable Distributed Systems in the Presence of Software Errors
Jeffrey Dean|MapReduce: Simplified Data Processing on Large Clusters
Sanjay Ghemawat|MapReduce: Simplified Data Processing on Large Clusters
Jeffrey Dean|Bigtable: A Distributed Storage System for Structured Data
Sanjay Ghemawat|Bigtable: A Distributed Storage System for Structured Data
Jeff Bezanson|Julia: A Fresh Approach to Numerical Computing
Stefan Karpinski|Julia: A Fresh Approach to Numerical Computing
Andrés Taylor|Cypher: An Evolving Query Language for Property Graphs
Simon Peyton Jones|A History of Haskell: Being Lazy with Class
Philip Wadler|A History of Haskell: Being Lazy with Class
Dennis Ritchie|The Development of the C Language
Alan Kay|The Early History of Smalltalk
Rob Pike|The Go Programming Language and Environment
Robert Griesemer|The Go Programming Language and Environment
Ken Thompson|The Go Programming Language and Environment`

// demoIntroduces: paper|concept
const demoIntroduces = `Recursive Functions of Symbolic Expressions and Their Computation by Machine|Garbage collection
Recursive Functions of Symbolic Expressions and Their Computation by Machine|Homoiconicity
Go To Statement Considered Harmful|Structured programming
A Relational Model of Data for Large Shared Data Banks|Relational model
Scheme: An Interpreter for Extended Lambda Calculus|Continuations
Scheme: An Interpreter for Extended Lambda Calculus|Lexical scope
Communicating Sequential Processes|Communicating sequential processes
A Theory of Type Polymorphism in Programming|Type inference
How to Make Ad-hoc Polymorphism Less Ad Hoc|Type classes
Comprehending Monads|Monads
The Part-Time Parliament|Distributed consensus
Making Reliable Distributed Systems in the Presence of Software Errors|Actor model
MapReduce: Simplified Data Processing on Large Clusters|MapReduce
The Log-Structured Merge-Tree|Log-structured merge tree
Julia: A Fresh Approach to Numerical Computing|Multiple dispatch
Cypher: An Evolving Query Language for Property Graphs|Graph pattern matching
Cypher: An Evolving Query Language for Property Graphs|Property graph
The Rust Language|Ownership
Programming with Abstract Data Types|Generics
Can Programming Be Liberated from the von Neumann Style?|Higher-order functions`

// demoCites: paper|cited paper
const demoCites = `SEQUEL: A Structured English Query Language|A Relational Model of Data for Large Shared Data Banks
Cypher: An Evolving Query Language for Property Graphs|SEQUEL: A Structured English Query Language
Cypher: An Evolving Query Language for Property Graphs|A Relational Model of Data for Large Shared Data Banks
Comprehending Monads|How to Make Ad-hoc Polymorphism Less Ad Hoc
A History of Haskell: Being Lazy with Class|Comprehending Monads
A History of Haskell: Being Lazy with Class|How to Make Ad-hoc Polymorphism Less Ad Hoc
A History of Haskell: Being Lazy with Class|A Theory of Type Polymorphism in Programming
The Part-Time Parliament|Time, Clocks, and the Ordering of Events in a Distributed System
Bigtable: A Distributed Storage System for Structured Data|MapReduce: Simplified Data Processing on Large Clusters
Bigtable: A Distributed Storage System for Structured Data|The Log-Structured Merge-Tree
The Go Programming Language and Environment|Communicating Sequential Processes
The Go Programming Language and Environment|The Development of the C Language
Making Reliable Distributed Systems in the Presence of Software Errors|Communicating Sequential Processes
Scheme: An Interpreter for Extended Lambda Calculus|Recursive Functions of Symbolic Expressions and Their Computation by Machine
The Development of the C Language|The FORTRAN Automatic Coding System
The Rust Language|A Theory of Type Polymorphism in Programming
Julia: A Fresh Approach to Numerical Computing|The FORTRAN Automatic Coding System`

// demoLibraries: name|language|concept|description
const demoLibraries = `NumPy|Python|Multiple dispatch|N-dimensional arrays and vectorised numerics for Python.
pandas|Python|Relational model|Data frames for tabular data analysis.
Django|Python|Object-oriented programming|A batteries-included web framework.
Flask|Python|Closures|A small web framework built on decorators.
asyncio|Python|Coroutines|Python's event loop for async/await.
TensorFlow|Python|Compile-time evaluation|A machine-learning framework built on dataflow graphs.
PyTorch|Python|Just-in-time compilation|A machine-learning framework with eager tensors and autograd.
NetworkX|Python|Property graph|Graph algorithms and data structures in pure Python.
Ruby on Rails|Ruby|Object-oriented programming|A web framework that made convention over configuration popular.
Sinatra|Ruby|Closures|A tiny web DSL for Ruby.
React|JavaScript|Immutability|A library for building user interfaces from components.
Node.js|JavaScript|Async/await|JavaScript on the server with an event loop.
Express|JavaScript|Higher-order functions|A minimal web framework for Node.js.
Lodash|JavaScript|Higher-order functions|Utility functions for collections and functions.
Angular|TypeScript|Object-oriented programming|A web application framework with dependency injection.
RxJS|TypeScript|Higher-order functions|Reactive streams for JavaScript.
Spring|Java|Object-oriented programming|An application framework built around dependency injection.
Hibernate|Java|Relational model|An object-relational mapper for Java.
Apache Hadoop|Java|MapReduce|An open-source implementation of MapReduce and a distributed file system.
Apache Lucene|Java|Log-structured merge tree|A full-text search library built on immutable segments.
Guava|Java|Immutability|Google's core libraries for Java, with immutable collections.
Akka|Scala|Actor model|Actors and streams for the JVM.
Apache Spark|Scala|MapReduce|In-memory cluster computing with resilient distributed datasets.
Cats|Scala|Monads|Functional programming abstractions for Scala.
Ktor|Kotlin|Coroutines|An asynchronous web framework built on coroutines.
kotlinx.coroutines|Kotlin|Coroutines|Structured concurrency for Kotlin.
Phoenix|Elixir|Actor model|A web framework with channels and live views.
Ecto|Elixir|Relational model|A database wrapper and query language for Elixir.
OTP|Erlang|Actor model|Erlang's libraries for supervision trees and fault tolerance.
Cowboy|Erlang|Message passing|A small fast HTTP server for Erlang.
QuickCheck|Haskell|Higher-order functions|Property-based testing from generated inputs.
Parsec|Haskell|Monads|Monadic parser combinators.
Pandoc|Haskell|Pattern matching|A universal document converter.
lens|Haskell|Type classes|Composable getters and setters.
Tokio|Rust|Async/await|An asynchronous runtime for Rust.
Serde|Rust|Generics|Serialisation and deserialisation framework for Rust.
Rayon|Rust|Ownership|Data parallelism with work stealing, safe by ownership.
Diesel|Rust|Relational model|A safe, extensible ORM and query builder.
ripgrep|Rust|Memory safety|A fast recursive search tool.
Kubernetes|Go|Message passing|A container orchestration system.
Docker|Go|Virtual machine|Containers built on Linux namespaces.
Prometheus|Go|Log-structured merge tree|Metrics collection with a time-series database.
Pebble|Go|Log-structured merge tree|A LevelDB/RocksDB-inspired key-value store.
CockroachDB|Go|Distributed consensus|A distributed SQL database built on Raft.
etcd|Go|Distributed consensus|A distributed key-value store using Raft.
roaring|Go|Generics|Compressed bitmaps for fast set operations.
LevelDB|C++|Log-structured merge tree|Google's embedded key-value store.
RocksDB|C++|Log-structured merge tree|Facebook's LevelDB fork for fast storage.
LLVM|C++|Just-in-time compilation|A compiler infrastructure of reusable components.
Boost|C++|Generics|Peer-reviewed portable C++ libraries.
Qt|C++|Object-oriented programming|A cross-platform application framework.
SQLite|C|Relational model|An embedded SQL database engine in one file.
Redis|C|Message passing|An in-memory data structure store.
libuv|C|Async/await|Cross-platform asynchronous I/O.
PostgreSQL|C|Relational model|An advanced open-source relational database.
Neo4j|Java|Property graph|A graph database that speaks Cypher.
Apache TinkerPop|Java|Graph pattern matching|A graph computing framework with the Gremlin language.
Flux.jl|Julia|Multiple dispatch|Machine learning in pure Julia.
DifferentialEquations.jl|Julia|Multiple dispatch|Solvers for differential equations.
ggplot2|R|Higher-order functions|A grammar of graphics for R.
dplyr|R|Relational model|A grammar of data manipulation.
LÖVE|Lua|Coroutines|A framework for 2D games in Lua.
Clojure core.async|Clojure|Communicating sequential processes|CSP-style channels for Clojure.
Datomic|Clojure|Immutability|A database of immutable facts.
SwiftUI|Swift|Immutability|Declarative user interfaces for Apple platforms.
Vapor|Swift|Async/await|A server-side web framework for Swift.`
