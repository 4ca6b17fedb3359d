/// Stand-ins for secrets that `glwatch check --offline` does not read.
extension Secret {
    /// A placeholder that passes the checks made on the real value of a secret named by `envKey`'s family: a URL
    /// for `url_env`/`url_file`, a Standard Webhooks key for `secret_env`/`secret_file`, a word otherwise. It
    /// never reaches a sink: configs loaded without reading secrets are only checked, never run.
    public static func offlinePlaceholder(envKey: String) -> Secret {
        switch envKey {
        case "url_env": Secret("https://offline.invalid/")
        case "secret_env": Secret("whsec_b2ZmbGluZQ==")  // base64 of "offline"
        default: Secret("offline")
        }
    }
}
