"""Do banco aos documentos: o certame reencenado no motor, com os atos publicados.

Só os atos confirmados pelo RH (portarias) se publicam; as propostas do motor, não.
"""

from __future__ import annotations

import threading

from cotas.documentos.fonte import FonteDocumentos
from cotas_web import ponte
from cotas_web.auditoria.models import Registro
from cotas_web.certames.models import Certame
from cotas_web.comissao.selectors import ata_da_sessao as ata_da_sessao  # (a ata é da comissão)
from cotas_web.nomeacoes.models import Nomeacao, SituacaoNomeacao
from cotas_web.ponte import ErroCotas as ErroCotas  # (o que as leituras levantam; as views o pegam)
from cotas_web.rotulos import numero_da_portaria

_GUARDADA = threading.local()


def fonte_publicada(*, certame: Certame) -> FonteDocumentos:
    """A fonte dos documentos públicos na versão atual do certame, guardada nesta linha de
    execução até a versão mudar (a versão é o último registro de auditoria: todo ato gravado a
    muda, como na situação pública materializada).

    Num certame de 1 milhão de inscrições, reencenar leva ~4 s: sem isso, cada página pública de
    documento (as listas de cada cargo, a ordem de nomeação) custaria isso ao servidor, a cada
    pedido. Só para as páginas públicas, que só leem; quem grava um ato reencena com
    `ponte.reencenar`. Uma fonte só por linha de execução (a anterior é solta antes de montar a
    nova): a memória de um certame grande, não a de todos.
    """
    ultimo = (
        Registro.objects.filter(certame_id=certame.pk)
        .order_by("-id")
        .values_list("id", "quando")
        .first()
    )
    chave = (certame.pk, ultimo)
    guardada = getattr(_GUARDADA, "fonte", None)
    if guardada is not None and guardada[0] == chave:
        return guardada[1]  # type: ignore[no-any-return]
    _GUARDADA.fonte = None
    fonte = fonte_do_certame(certame=certame)
    _GUARDADA.fonte = (chave, fonte)
    return fonte


def fonte_do_certame(*, certame: Certame) -> FonteDocumentos:
    """Levanta `ponte.ErroCotas` (mensagem em português) se os fatos contrariam a lei."""
    regras = ponte.regras_do_certame(certame)
    motor = ponte.reencenar(certame)
    atos = {
        (n.cargo.codigo, n.candidato.inscricao): (
            f"Portaria nº {numero_da_portaria(n.portaria)}, de {n.data_portaria:%d/%m/%Y}"
        )
        # A nomeação tornada sem efeito não é ato em vigor: não se publica como nomeação.
        for n in Nomeacao.objects.filter(cargo__certame=certame)
        .exclude(situacao=SituacaoNomeacao.SEM_EFEITO)
        .select_related("cargo", "candidato")
    }
    return FonteDocumentos(
        nome=certame.nome,
        regras=regras,
        certame=motor,
        nomes_cargos={c.codigo: c.nome for c in certame.cargos.all()},
        data_edital=certame.data_edital,
        validade_ate=certame.validade_ate,
        atos=atos,
    )
