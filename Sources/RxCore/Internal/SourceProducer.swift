/// The base of an operator's observable that is only its `run` and its `parameters` (one value, or a tuple with
/// labels): it keeps the parameters, so that the operator declares no stored properties and no `init` — the part
/// OpenCombine's helper bases (`FilterProducer`) play there. Its sink reads them from here or takes them in `init`.
class ParametersProducer<Element, Parameters>: Producer<Element>, @unchecked Sendable {
    let parameters: Parameters

    init(parameters: Parameters) {
        self.parameters = parameters
    }
}

/// A `ParametersProducer` over one source.
class SourceProducer<SourceElement, Element, Parameters>: ParametersProducer<Element, Parameters>,
    @unchecked Sendable
{
    let source: Observable<SourceElement>

    init(source: Observable<SourceElement>, parameters: Parameters) {
        self.source = source
        super.init(parameters: parameters)
    }
}
