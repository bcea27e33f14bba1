from django.apps import AppConfig


class PublicoConfig(AppConfig):
    name = "cotas_web.publico"
    verbose_name = "Publicações e consulta pública"

    def ready(self) -> None:
        # O trabalhador da fila, ao iniciar e de tempos em tempos, refaz a consulta pública
        # que uma montagem interrompida deixou desatualizada.
        from cotas_web.tarefas.services import ao_retomar

        from .situacoes import retomar_montagens

        ao_retomar(retomar_montagens)
