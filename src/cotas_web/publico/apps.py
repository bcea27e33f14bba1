from django.apps import AppConfig


class PublicoConfig(AppConfig):
    name = "cotas_web.publico"
    verbose_name = "Publicações e consulta pública"

    def ready(self) -> None:
        # O trabalhador da fila, ao iniciar e de tempos em tempos, refaz a consulta pública
        # que uma montagem interrompida deixou desatualizada.
        from django.db.models.signals import post_save

        from cotas_web.auditoria.models import Registro
        from cotas_web.tarefas.services import ao_retomar

        from .situacoes import ao_registrar, retomar_montagens

        ao_retomar(retomar_montagens)
        # E, depois de cada ato, já: a montagem vai para a fila no commit do ato.
        post_save.connect(ao_registrar, sender=Registro, dispatch_uid="publico.ao_registrar")
