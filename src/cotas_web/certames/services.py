"""Serviços do certame: criar, cargos, homologar. Cada um transacional e auditado."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from cotas_web import ponte
from cotas_web.auditoria.services import registrar

from .models import BaseDoLimiar, Cargo, Certame, DuplaCondicao, Pedido

M = TypeVar("M", bound=models.Model)


def certame_travar(certame_id: int) -> Certame:
    """O certame relido e travado até o fim da transação. Todo ato que muda um certame começa
    aqui e só DEPOIS relê o que decide (o procedimento, o recurso, a convocação...): dois atos
    no mesmo certame correm um de cada vez, e o segundo vê o que o primeiro gravou. No
    PostgreSQL é a trava da linha (SELECT ... FOR UPDATE); no SQLite a transação inteira já é
    exclusiva (BEGIN IMMEDIATE, settings/base.py)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("A trava do certame vale só dentro da transação do ato.")
    return Certame.objects.select_for_update().get(pk=certame_id)


def pedido_anterior(token: str, acao: str, modelo: type[M]) -> M | None:
    """O que um envio anterior do mesmo formulário (mesmo código `token`) já criou, ou None se
    o código é novo, e então fica reservado a este pedido até o fim da transação.

    O índice único decide a corrida: dois envios simultâneos com o mesmo código, o segundo
    espera o primeiro terminar e encontra o que ele criou (ou, se ele foi recusado, segue)."""
    if not token:
        return None
    try:
        with transaction.atomic():
            Pedido.objects.create(token=token, acao=acao)
    except IntegrityError:
        anterior = Pedido.objects.get(token=token)
        if anterior.acao != acao or anterior.objeto_id is None:
            raise ValidationError(
                "Este formulário já foi enviado para outra ação; recarregue a página."
            ) from None
        return modelo._default_manager.get(pk=anterior.objeto_id)
    return None


def pedido_concluir(token: str, objeto: models.Model) -> None:
    """Liga o código do formulário ao que ele criou (um reenvio o encontra)."""
    if token:
        Pedido.objects.filter(token=token).update(objeto_id=objeto.pk)


def _citacoes(refs: Any) -> str:
    return "; ".join(r.citacao() for r in refs)


@transaction.atomic
def certame_criar(
    *,
    usuario: Any,
    nome: str,
    municipio: str,
    data_edital: date,
    tipo: str,
    validade_ate: date | None = None,
    pcd_percentual: Decimal | None = None,
    pcd_arredondamento: str = "",
    pcd_teto: Decimal | None = None,
    data_referencia_idade: date | None = None,
    desempate: list[tuple[str, str]] | None = None,
    admite_final_de_fila: bool = False,
    final_de_fila_item: str = "",
    prioridade_colisao: str = "negros,pcd",
    base_do_limiar: str = BaseDoLimiar.TODAS_OFERTADAS,
    dupla_condicao: str = DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
    token: str = "",
) -> Certame:
    """Cria o certame com a lei em vigor na data do edital (Mostardas art. 6º; Montenegro art.
    17: a lei não se aplica a editais publicados antes de sua vigência). O mesmo formulário
    enviado de novo (`token`) devolve o certame já criado."""
    if (anterior := pedido_anterior(token, "certame_criar", Certame)) is not None:
        return anterior
    try:
        regras = ponte.regras_para(
            municipio=municipio,
            data_edital=data_edital,
            tipo=tipo,
            pcd_percentual=pcd_percentual,
            pcd_arredondamento=pcd_arredondamento,
            pcd_teto=pcd_teto,
            base_do_limiar=base_do_limiar,
        )
    except ponte.ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    for _coluna, sentido in desempate or []:
        if sentido not in ("maior", "menor"):
            raise ValidationError(f"Critério de desempate: sentido '{sentido}' desconhecido.")
    if dupla_condicao not in DuplaCondicao.values:
        raise ValidationError(f"Dupla condição: opção '{dupla_condicao}' desconhecida.")
    if validade_ate is not None and validade_ate < data_edital:
        raise ValidationError("A validade não pode terminar antes da publicação do edital.")
    certame = Certame.objects.create(
        nome=nome,
        municipio=regras.lei.municipio,
        data_edital=data_edital,
        tipo=tipo,
        validade_ate=validade_ate,
        lei_id=regras.lei.id,
        lei_titulo=regras.lei.titulo,
        exige_comissao=regras.comissao is not None,
        pcd_percentual=pcd_percentual,
        pcd_arredondamento=pcd_arredondamento if pcd_percentual is not None else "",
        pcd_teto=pcd_teto if pcd_percentual is not None else None,
        data_referencia_idade=data_referencia_idade,
        desempate=[[c, s] for c, s in (desempate or [])],
        admite_final_de_fila=admite_final_de_fila,
        final_de_fila_item=final_de_fila_item.strip() if admite_final_de_fila else "",
        prioridade_colisao=prioridade_colisao,
        base_do_limiar=base_do_limiar,
        dupla_condicao=dupla_condicao,
    )
    pedido_concluir(token, certame)
    _designar_quem_cria(usuario, certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao="certame_criado",
        descricao=(
            f"Certame “{nome}” criado: {regras.lei.municipio}, edital de "
            f"{data_edital:%d/%m/%Y}; lei aplicada: {regras.lei.titulo}."
            + (" O edital admite o pedido de final de fila"
               + (f" ({final_de_fila_item.strip()})" if final_de_fila_item.strip() else "")
               + "." if admite_final_de_fila else "")
            + f" Questões em aberto: prioridade {prioridade_colisao.replace(',', ' > ')}; "
            + "mínimo de vagas contado sobre "
            + ("as do edital" if base_do_limiar == "edital" else "todas as oferecidas")
            + "; quem é negro e com deficiência, chamado pelas duas listas no mesmo ato sem "
            + "opção, fica com a de "
            + ("PcD." if dupla_condicao == DuplaCondicao.LISTA_QUE_NOMEIA_ANTES_SENAO_PCD
               else "negros.")
        ),
        fundamento=regras.lei.referencia_vigencia.citacao(),
        dados={
            "lei": regras.lei.id,
            "tipo": tipo,
            "prioridade_colisao": prioridade_colisao,
            "base_do_limiar": base_do_limiar,
            "dupla_condicao": dupla_condicao,
        },
    )
    return certame


def _designar_quem_cria(usuario: Any, certame: Certame) -> None:
    """Quem cria o certame (o RH) fica designado para ele: age nele desde já."""
    from cotas_web.contas.permissoes import ADMIN, designar, papel_de

    if papel_de(usuario) == ADMIN:
        designar(usuario=usuario, certame=certame)


def _exigir_nao_homologado(certame: Certame) -> None:
    if certame.homologado:
        raise ValidationError(
            "O certame já foi homologado: as listas estão congeladas e só mudam por atos "
            "registrados (desistência, anulação, novas vagas)."
        )


@transaction.atomic
def cargo_adicionar(
    *, usuario: Any, certame: Certame, codigo: str, nome: str, vagas_edital: int
) -> Cargo:
    certame = certame_travar(certame.pk)
    _exigir_nao_homologado(certame)
    codigo = codigo.strip()
    if not codigo:
        raise ValidationError("Informe o código do cargo.")
    if Cargo.objects.filter(certame=certame, codigo=codigo).exists():
        raise ValidationError(f"Já existe o cargo {codigo} neste certame.")
    cargo = Cargo.objects.create(
        certame=certame, codigo=codigo, nome=nome, vagas_edital=vagas_edital
    )
    regras = ponte.regras_do_certame(certame)
    negros = regras.grupo("negros")
    registrar(
        usuario=usuario,
        certame=certame,
        acao="cargo_adicionado",
        descricao=f"Cargo {codigo} ({nome}) com {vagas_edital} vaga(s) no edital.",
        fundamento=_citacoes(negros.ref("percentual")) if negros else "",
        dados={"cargo": codigo, "vagas": vagas_edital},
    )
    return cargo


@transaction.atomic
def certame_homologar(*, usuario: Any, certame: Certame, data: date) -> Certame:
    """Congela as listas. Onde há comissão, só depois da verificação de todos os autodeclarados
    aprovados e do exame dos recursos (Montenegro, art. 5º, I e III)."""
    certame = certame_travar(certame.pk)
    _exigir_nao_homologado(certame)
    if data < certame.data_edital:
        raise ValidationError(
            f"Homologação em {data:%d/%m/%Y} recusada: é anterior ao edital, de "
            f"{certame.data_edital:%d/%m/%Y}."
        )
    if certame.validade_ate is not None and data > certame.validade_ate:
        raise ValidationError(
            f"Homologação em {data:%d/%m/%Y} recusada: a validade do concurso terminou em "
            f"{certame.validade_ate:%d/%m/%Y}."
        )
    if not certame.candidatos.exists():
        raise ValidationError("Importe os candidatos antes de homologar.")
    fundamento = ""
    if certame.exige_comissao:
        from cotas_web.comissao.selectors import pendencias_da_comissao

        pendencias = pendencias_da_comissao(certame=certame)
        if pendencias:
            raise ValidationError(
                "A homologação precisa da verificação concluída (Lei 7.344/2025, art. 5º, I e "
                "III): " + "; ".join(pendencias)
            )
        regras = ponte.regras_do_certame(certame)
        if regras.comissao is not None:
            ref = regras.comissao.referencias.get("momento")
            fundamento = ref.citacao() if ref else ""
    certame.homologado_em = data
    certame.save(update_fields=["homologado_em"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao="certame_homologado",
        descricao=f"Classificação final homologada em {data:%d/%m/%Y}; listas congeladas.",
        fundamento=fundamento,
    )
    return certame
