"""O que as medições da aplicação web repetem: criar, pelos serviços, o certame de um cenário
sintético (`cotas gerar-exemplo`) com seus cargos (chame com o Django já configurado); o
diretório temporário de cada medida, apagado no fim."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any


def pasta_temporaria(prefixo: str) -> Path:
    """Um diretório temporário apagado quando o processo que o criou sai (cada medida a um
    milhão deixava o seu banco em /tmp, ~1 GB)."""
    pasta = Path(tempfile.mkdtemp(prefix=prefixo))
    criador = os.getpid()

    def apagar() -> None:
        if os.getpid() == criador:  # (não num filho por fork, que herda o registro)
            shutil.rmtree(pasta, ignore_errors=True)

    atexit.register(apagar)
    return pasta


def certame_do_cenario(usuario: Any, lido: Any, nome: str) -> Any:
    """O certame do cenário lido (`ler_cenario`), com PcD 5%/cima/20% e os cargos do edital."""
    from cotas_web.certames.services import cargo_adicionar, certame_criar

    certame = certame_criar(
        usuario=usuario,
        nome=nome,
        municipio=lido.municipio or "Montenegro/RS",
        data_edital=lido.data_edital,
        tipo=lido.tipo.value,
        validade_ate=lido.validade_ate,
        pcd_percentual=Decimal(5),
        pcd_arredondamento="cima",
        pcd_teto=Decimal(20),
        desempate=list(lido.desempate),
    )
    for c in lido.cargos:
        cargo_adicionar(
            usuario=usuario, certame=certame, codigo=c.codigo, nome=c.nome, vagas_edital=c.vagas
        )
    return certame
