/** A teardown step armed by `Configurator.onClose` or `ExtensionContext.onClose`; run by `agent.close()`. */
export type CloseHandler = () => void | Promise<void>;
