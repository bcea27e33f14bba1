"""Confere a cadeia de hashes do registro de auditoria: sai com 0 se tudo confere, ou com 1
nomeando o primeiro registro quebrado de cada cadeia. Com a cadeia íntegra, refaz cada certame
pelos fatos do registro e o compara com as tabelas e com o motor (pelo_registro.py), nomeando a
primeira diferença."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from cotas_web.auditoria import chaves, gatilhos, pelo_registro
from cotas_web.auditoria.integridade import conferir_cabecas, verificar_todas


class Command(BaseCommand):
    help = "Confere a cadeia de hashes do registro de auditoria (de um certame ou de todos)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--certame", type=int, help="só a cadeia deste certame (id)")
        parser.add_argument(
            "--cabecas",
            type=Path,
            help="arquivo de exportar_cabecas_auditoria: confere também que as cabeças "
            "exportadas antes continuam na cadeia (detecta uma reescrita inteira)",
        )

        parser.add_argument(
            "--so-cadeia",
            action="store_true",
            help="confere só a cadeia de hashes, sem refazer os certames pelos fatos do registro",
        )

    def handle(self, *args: Any, **opcoes: Any) -> None:
        estados = verificar_todas(opcoes["certame"])
        problemas = [f"{e.nome()}: {e.quebra}" for e in estados if e.quebra is not None]
        conferencias = {
            e.certame_id: pelo_registro.conferir(e.certame_id)
            for e in estados
            if e.integra and e.certame_id is not None and not opcoes["so_cadeia"]
        }
        problemas += [
            f"certame {c}: as tabelas não são o que o registro diz — {conf.diferenca}"
            for c, conf in conferencias.items()
            if conf.diferenca is not None
        ]
        if opcoes["cabecas"] is not None:
            problemas += self._cabecas(opcoes["cabecas"])
        problemas += [
            f"o gatilho {g} do banco, que recusa alterar ou apagar o registro, está ausente "
            "ou desligado (rode manage.py migrate como dono das tabelas e confira quem o tirou)"
            for g in gatilhos.ausentes(connection)
        ]
        if problemas:
            for p in problemas:
                self.stderr.write(f"Registro de auditoria quebrado — {p}")
            raise CommandError(
                f"A cadeia do registro de auditoria não confere ({len(problemas)} problema(s)).",
                returncode=1,
            )
        total = sum(e.total for e in estados)
        self.stdout.write(
            f"Registro de auditoria íntegro: {len(estados)} cadeia(s), {total} registro(s)."
        )
        if chaves.de_desenvolvimento():
            self.stdout.write(
                "  Atenção: os registros novos são selados com a chave de desenvolvimento, que "
                "é pública; em produção, COTAS_CHAVE_AUDITORIA é uma chave própria e secreta."
            )
        for e in estados:
            self.stdout.write(f"  {e.nome()}: {e.total} registro(s), último {e.hash_curto}")
            conf = conferencias.get(e.certame_id) if e.certame_id is not None else None
            if conf is not None and conf.parciais:
                self.stdout.write(
                    "    registro anterior aos fatos: conferência parcial (sem conferir "
                    + ", ".join(conf.parciais)
                    + ")"
                )

    def _cabecas(self, caminho: Path) -> list[str]:
        try:
            texto = caminho.read_text(encoding="utf-8")
        except OSError as erro:
            mensagem = f"Não consegui ler {caminho}: {erro.strerror}."
            raise CommandError(mensagem, returncode=2) from erro
        return conferir_cabecas(texto.splitlines(), str(caminho))
