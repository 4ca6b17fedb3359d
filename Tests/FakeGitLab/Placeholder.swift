public enum FakeGitLabPlaceholder {}
